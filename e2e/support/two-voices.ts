import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../../server/src/testing/test-server';
import { pageFactory } from './auth';
import { launchBrowser } from './browser';
import { spokenWav } from './recording';

/** Two flite voices: the host's ("slt") and the other person's ("rms", a male voice). */
export const HOST_SAYS = 'please send the quarterly report to the team by friday';
export const OTHER_SAYS = 'the new office opens on monday morning';

/**
 * What the recording suites with two people run against: an SMTP sink, the
 * real server and two Chromiums, each with its own fake microphone speaking
 * its own sentence (each stretch of the file can be told apart by voice).
 * Registers the suite's hooks; call it inside `describe`.
 */
export function twoVoices() {
  let smtp: SmtpSink | undefined;
  let server: TestServer | undefined;
  let hostBrowser: Browser | undefined;
  let otherBrowser: Browser | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('used before the before() hook ran');
    return value;
  };
  const hostPages = pageFactory(() => started(hostBrowser));
  const otherPages = pageFactory(() => started(otherBrowser));

  before(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-two-voices-'));
    const fakeMicrophone = (wav: string) => launchBrowser([`--use-file-for-fake-audio-capture=${wav}`]);
    smtp = await startSmtpSink();
    [server, hostBrowser, otherBrowser] = await Promise.all([
      startTestServer({ SMTP_URL: smtp.url }),
      fakeMicrophone(spokenWav(dir, 'host', 'slt', HOST_SAYS)),
      fakeMicrophone(spokenWav(dir, 'other', 'rms', OTHER_SAYS)),
    ]);
  });
  after(async () => {
    await hostPages.closeAll();
    await otherPages.closeAll();
    await hostBrowser?.close();
    await otherBrowser?.close();
    await server?.close();
    await smtp?.close();
  });
  return {
    get smtp() {
      return started(smtp);
    },
    get server() {
      return started(server);
    },
    hostPages,
    otherPages,
  };
}

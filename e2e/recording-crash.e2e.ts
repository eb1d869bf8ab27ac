import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startChildServer, type ChildServer } from '../server/src/testing/child-server';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { expectNoHorizontalOverflow, pageFactory, PHONE } from './support/auth';
import { launchBrowser } from './support/browser';
import { liveJoined, moveTo } from './support/media';
import { meanVolume, probeFile, recordingFloor, spokenWav, startRecording, waitFor } from './support/recording';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const SAYS = 'please send the quarterly report to the team by friday';

/**
 * A crash does not lose the recording (issue 25 §9): the real server, as
 * `npm start` runs it, in its own process, recording a real room from
 * Chromium, is killed with SIGKILL. Started again on the same database and
 * data folder, it rebuilds what was recorded until the kill into a playable
 * file marked interrupted, tells the starter by e-mail, and leaves no work
 * folder behind.
 */
describe('recording: the server is killed mid-recording (kill -9)', function () {
  this.timeout(300_000);
  let smtp: SmtpSink;
  let server: ChildServer | undefined;
  let browser: Browser;
  const pages = pageFactory(() => browser);

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-rec-crash-'));
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startChildServer({ SMTP_URL: smtp.url }),
      launchBrowser([`--use-file-for-fake-audio-capture=${spokenWav(dir, 'mic', 'slt', SAYS)}`]),
    ]);
  });
  after(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('the part recorded until the kill is saved at the next start, marked interrupted, and the starter is told', async () => {
    const first = server!;
    const { owner, floorId } = await recordingFloor(first, smtp, 'crash', false);
    const page = await pages.open('en-US', undefined, owner);
    await page.goto(`${first.url}/floors/${floorId}/live`);
    await liveJoined(page);
    await moveTo(page, 9);
    await page.locator('.media-stage[data-status="connected"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const startedAt = await startRecording(page);
    await page.waitForTimeout(9000);

    const recordedMs = Date.now() - startedAt;
    const kept = await first.crash();
    server = undefined;
    const work = path.join(kept.dataDir, 'recordings', 'work');
    const [folder] = fs.readdirSync(work);
    expect(fs.readdirSync(path.join(work, folder!)).filter((f) => f.endsWith('.mkv'))).to.have.length.at.least(1);

    // the same server started again on the same database and folder (and port: the page comes back to it)
    server = await startChildServer({ SMTP_URL: smtp.url, PORT: new URL(first.url).port }, kept);
    const mail = await smtp.next(owner.email, undefined, 120_000);
    // in the starter's language (Japanese: they never chose English)
    expect(mail.subject).to.match(/録画は中断され、保存されました/);
    expect(mail.text).to.contain('日本時間').and.contain(`/floors/${floorId}/recordings/`);
    const row = await waitFor('the salvaged recording', async () => {
      const r = await server!.models.Recording.findOne({ where: { floorId } });
      return r?.status === 'ready' ? r : undefined;
    });
    expect(row.interrupted).to.equal(true);
    expect(fs.readdirSync(work)).to.deep.equal([]);

    // the file: what was recorded until the kill (the last second may be cut), sound throughout
    const file = path.join(kept.dataDir, 'recordings', 'files', row.storageKey!);
    const { seconds, streams } = await probeFile(file);
    const loud = await meanVolume(file, 500, seconds * 1000 - 500);
    process.stdout.write(
      `      recorded ${(recordedMs / 1000).toFixed(2)} s until the kill → salvaged file ${seconds.toFixed(2)} s, row ${row.durationMs} ms, mean volume ${loud} dB\n`,
    );
    expect(streams).to.deep.equal(['audio:opus', 'video:vp8']);
    expect(seconds).to.be.within(recordedMs / 1000 - 2.5, recordedMs / 1000 + 0.5);
    expect(Math.abs((row.durationMs ?? 0) / 1000 - seconds)).to.be.at.most(0.5);
    expect(loud).to.be.greaterThan(-45);
    expect(row.endedAt!.getTime() - row.startedAt.getTime()).to.be.within(recordedMs - 3000, recordedMs + 1500);

    // the page says what happened, in en and ja, desktop and phone
    const show = async (locale: string, viewport: typeof PHONE | undefined, name: string) => {
      const p = await pages.open(locale, viewport, owner);
      await p.goto(`${server!.url}/floors/${floorId}/recordings/${row.id}`);
      await p.locator('.recording-detail__interrupted').waitFor();
      if (viewport) await expectNoHorizontalOverflow(p);
      await p.screenshot({ path: `${SHOTS}25-recording-interrupted-${name}.png`, fullPage: true });
      return p;
    };
    const en = await show('en-US', undefined, 'en-1280x800');
    expect(await en.locator('.recording-detail__interrupted').innerText()).to.contain('The server stopped');
    const ja = await show('ja-JP', PHONE, 'ja-390x844');
    expect(await ja.locator('.recording-detail__interrupted').innerText()).to.contain('サーバーが停止');
  });
});

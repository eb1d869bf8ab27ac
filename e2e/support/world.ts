import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../../server/src/testing/test-server';
import type { Clock } from '../../server/src/lib/clock';
import { pageFactory } from './auth';
import { launchBrowser } from './browser';

/** What a browser suite runs against: a real SMTP server, the real Tsudoi server and Debian's Chromium. */
export interface E2eWorld {
  readonly smtp: SmtpSink;
  readonly server: TestServer;
  readonly browser: Browser;
  /** Pages in fresh contexts, closed after each test. */
  readonly pages: ReturnType<typeof pageFactory>;
  /** An address on the test server. */
  url(path: string): string;
}

/**
 * Registers the suite's hooks (start before, close pages after each test,
 * stop after) and answers the world they fill in. Call it inside `describe`.
 */
export function e2eWorld(
  options: {
    shots?: string;
    env?: Record<string, string>;
    clock?: Clock;
    /** More Chromium flags, made in the `before` (a fake camera or microphone file written there). */
    browserArgs?: () => string[];
  } = {},
): E2eWorld {
  let smtp: SmtpSink | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the e2e world is used before its before() hook ran');
    return value;
  };
  const pages = pageFactory(() => started(browser));

  before(async () => {
    if (options.shots) fs.mkdirSync(options.shots, { recursive: true });
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startTestServer({ SMTP_URL: smtp.url, ...options.env }, { clock: options.clock }),
      launchBrowser(options.browserArgs?.()),
    ]);
  });
  afterEach(() => pages.closeAll());
  after(async () => {
    await browser?.close();
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
    get browser() {
      return started(browser);
    },
    pages,
    url: (path) => `${started(server).url}${path}`,
  };
}

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { linkIn, startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { launchBrowser } from './support/browser';
import { createAccount, DESKTOP, expectNoHorizontalOverflow, pageFactory, PHONE, type Account } from './support/auth';

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

const VARIANTS = [
  { lang: 'ja', locale: 'ja-JP', viewport: DESKTOP },
  { lang: 'en', locale: 'en-US', viewport: DESKTOP },
  { lang: 'ja', locale: 'ja-JP', viewport: PHONE },
  { lang: 'en', locale: 'en-US', viewport: PHONE },
] as const;

/** The h1 of each screen, per language. */
const HEADINGS = {
  signup: { ja: 'アカウント作成', en: 'Create your account' },
  forgot: { ja: 'パスワードの再設定', en: 'Reset your password' },
  forgotSent: { ja: 'メールをご確認ください', en: 'Check your inbox' },
  reset: { ja: '新しいパスワードの設定', en: 'Set a new password' },
  resetInvalid: { ja: 'この再設定リンクは使用できません', en: "This reset link can't be used" },
  verifyFailed: { ja: '認証に失敗しました', en: 'Verification failed' },
  prompt: { ja: 'メールアドレスを確認してください', en: 'Confirm your email address' },
  verified: { ja: 'メールアドレスの確認が完了しました', en: 'Your email address is confirmed' },
} as const;

describe('auth screens in both languages at desktop and phone widths', function () {
  this.timeout(120_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  let unverified: Account;
  const pages = pageFactory(() => browser);
  const url = (path: string) => `${server.url}${path}`;

  before(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([startTestServer({ SMTP_URL: smtp.url }), launchBrowser()]);
    unverified = await createAccount(server, smtp, 'screens', false);
  });
  afterEach(() => pages.closeAll());
  after(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  for (const { lang, locale, viewport } of VARIANTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const shot = async (page: Page, screen: keyof typeof HEADINGS, suffix = '') => {
      await page.getByRole('heading', { level: 1, name: HEADINGS[screen][lang] }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SCREENSHOTS}${screen}${suffix}-${lang}-${size}.png`, fullPage: true });
    };

    it(`signed-out screens, ${lang} ${size}`, async () => {
      const page = await pages.open(locale, viewport);
      await page.goto(url('/signup'));
      await shot(page, 'signup');
      await page.locator('form button[type=submit]').click();
      await page.locator('#signup-terms-error').waitFor();
      await shot(page, 'signup', '-validation');

      await page.goto(url('/password/forgot'));
      await shot(page, 'forgot');
      await page.locator('#forgot-email').fill(unverified.email);
      await page.locator('form button[type=submit]').click();
      await shot(page, 'forgotSent');
      // A new request replaces the earlier link.
      await page.goto(linkIn(await smtp.next(unverified.email), '/password/reset/'));
      await shot(page, 'reset');
      await page.goto(url(`/password/reset/${'0'.repeat(40)}`));
      await shot(page, 'resetInvalid');
      await page.goto(url(`/token/verify/${'0'.repeat(40)}`));
      await shot(page, 'verifyFailed');
      await page.goto(url('/verification-success'));
      await shot(page, 'verified');
    });

    it(`verification prompt, ${lang} ${size}`, async () => {
      const page = await pages.open(locale, viewport, unverified);
      await page.goto(url('/verification-prompt'));
      await shot(page, 'prompt');
    });
  }
});

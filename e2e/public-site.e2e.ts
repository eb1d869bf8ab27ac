import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { launchBrowser } from './support/browser';
import { DESKTOP, expectNoHorizontalOverflow, PHONE } from './support/auth';
import { seriousViolations } from './support/axe';

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Every public route with its title and first heading in each language. */
const ROUTES: { path: string; ja: RegExp; en: RegExp }[] = [
  { path: '/', ja: /チームが自然に集まる/, en: /your team naturally comes together/ },
  { path: '/lpa', ja: /同じオフィスにいる安心感/, en: /sharing one office/ },
  { path: '/lpb', ja: /オンラインイベントを/, en: /Online events that feel like a venue/ },
  { path: '/lpc', ja: /来客対応も、勤怠も/, en: /Guests and attendance/ },
  { path: '/pricing', ja: /料金プラン/, en: /Pricing/ },
  { path: '/contact', ja: /お問い合わせ/, en: /Contact/ },
  { path: '/info/privacy-policy', ja: /プライバシーポリシー/, en: /Privacy policy/ },
  { path: '/info/term-of-service', ja: /利用規約/, en: /Terms of use/ },
  { path: '/test', ja: /接続テスト/, en: /Connection test/ },
];

describe('public site: every route in ja and en, accessibility, contact form, /test', function () {
  this.timeout(120_000);
  let server: TestServer;
  let smtp: SmtpSink;
  let browser: Browser;
  const pages: Page[] = [];

  before(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startTestServer({ SMTP_URL: smtp.url, OPERATOR_EMAIL: 'ops@tsudoi.example' }),
      launchBrowser(),
    ]);
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  /** A visitor; an English one has chosen English before (the locale cookie): the browser's language does not choose. */
  async function open(locale: 'ja' | 'en', viewport = DESKTOP) {
    const context = await browser.newContext({ locale: locale === 'ja' ? 'ja-JP' : 'en-US', viewport });
    if (locale === 'en') await context.addCookies([{ name: 'tsudoi_locale', value: 'en', url: server.url }]);
    const page = await context.newPage();
    pages.push(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    return { page, requests };
  }
  const url = (path: string) => `${server.url}${path}`;

  for (const locale of ['ja', 'en'] as const)
    it(`renders every public route in ${locale} on the server, with no floor code and no serious axe violation`, async () => {
      const { page, requests } = await open(locale);
      for (const route of ROUTES) {
        const response = await page.goto(url(route.path));
        expect(response?.status(), route.path).to.equal(200);
        expect(await page.getAttribute('html', 'lang'), route.path).to.equal(locale);
        expect(await page.locator('h1').first().innerText(), route.path).to.match(route[locale]);
        expect(await page.title(), route.path).to.contain('Tsudoi');
        // the footer of spec §2: privacy policy, terms of use, copyright
        const footer = page.locator('footer');
        expect(
          await footer
            .getByRole('link', { name: locale === 'ja' ? 'プライバシーポリシー' : 'Privacy policy' })
            .getAttribute('href'),
        ).to.equal('/info/privacy-policy');
        expect(
          await footer.getByRole('link', { name: locale === 'ja' ? '利用規約' : 'Terms of use' }).getAttribute('href'),
        ).to.equal('/info/term-of-service');
        expect(await footer.innerText()).to.contain('© ');
        expect(await seriousViolations(page), `${route.path} (${locale})`).to.deep.equal([]);
      }
      // server-rendered pages: nothing of the floor UI's bundle, no socket
      expect(requests.filter((p) => p.startsWith('/assets/') || p.startsWith('/socket.io'))).to.deep.equal([]);
      expect(requests.filter((p) => p.endsWith('.js'))).to.deep.equal(['/site/device-check.js']);
    });

  it('has the header anchors of the landing page and the free-trial sign-up; the language switch is remembered', async () => {
    const { page } = await open('ja');
    await page.goto(url('/'));
    const nav = page.locator('.site-nav--wide');
    for (const [name, href] of [
      ['使い方', '#tutorial'],
      ['特徴', '#feature'],
      ['機能', '#step'],
      ['料金', '#pricing'],
      ['お問い合わせ', '/contact'],
    ] as const) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).to.equal(href);
      if (href.startsWith('#')) expect(await page.locator(href).count(), href).to.equal(1);
    }
    await nav.getByRole('link', { name: '料金', exact: true }).click();
    await page.waitForURL('**/#pricing');
    expect(await page.getByRole('heading', { name: 'ビジネス' }).isVisible()).to.equal(true);
    expect(await page.locator('#pricing').innerText())
      .to.contain('¥2,500')
      .and.contain('5ユーザーまで')
      .and.contain('25ユーザーまで');

    await page.getByRole('link', { name: /English/ }).click();
    await page.getByRole('heading', { level: 1, name: /your team naturally comes together/ }).waitFor();
    await page.goto(url('/pricing'));
    expect(await page.getAttribute('html', 'lang')).to.equal('en');
    const business = await page.locator('.plan--featured').innerText();
    expect(business)
      .to.contain('$20')
      .and.contain('per user / month')
      .and.contain('Up to 25 users')
      .and.contain('Recording');
    expect(business).to.contain('AI transcript').and.contain('Timecard and shift management');
    expect(await page.locator('.plan').first().innerText())
      .to.contain('Up to 5 users')
      .and.contain('Free');
    expect(await page.locator('.notes').innerText())
      .to.contain('no refunds')
      .and.contain('renew automatically');

    await page.getByRole('link', { name: 'Start free' }).first().click();
    await page.waitForURL('**/signup');
    await page.locator('h1').first().waitFor();
  });

  for (const locale of ['ja', 'en'] as const)
    it(`links the sign-up consent to the terms and the privacy policy (${locale})`, async () => {
      const { page } = await open(locale);
      if (locale === 'en') await page.goto(url('/?lang=en'));
      await page.goto(url('/signup'));
      const terms = page.locator('a[href="/info/term-of-service"]').first();
      const privacy = page.locator('a[href="/info/privacy-policy"]').first();
      await terms.waitFor();
      for (const [link, heading] of [
        [terms, locale === 'ja' ? '利用規約' : 'Terms of use'],
        [privacy, locale === 'ja' ? 'プライバシーポリシー' : 'Privacy policy'],
      ] as const) {
        const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await tab.waitForLoadState();
        expect(await tab.locator('h1').innerText()).to.equal(heading);
        expect(await tab.getAttribute('html', 'lang')).to.equal(locale);
        await tab.close();
      }
    });

  it('checks the contact form field by field, then stores the inquiry and mails the operator', async () => {
    const { page } = await open('ja');
    await page.goto(url('/contact'));
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByRole('alert').waitFor();
    for (const [label, message] of [
      ['お名前', 'お名前は必須です'],
      ['会社名または「個人」', '会社名または「個人」は必須です'],
      ['メールアドレス', 'メールアドレスは必須です'],
      ['お問い合わせ内容', 'お問い合わせ内容は必須です'],
    ] as const) {
      const field = page.getByLabel(label);
      expect(await field.getAttribute('aria-invalid'), label).to.equal('true');
      const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ').pop()!;
      expect(await page.locator(`#${describedBy}`).innerText()).to.equal(message);
    }
    expect(await page.getByLabel('電話番号').getAttribute('aria-invalid')).to.equal(null);
    expect(await server.models.ContactInquiry.count()).to.equal(0);
    expect(await seriousViolations(page)).to.deep.equal([]);

    await page.getByLabel('お名前').fill('佐藤 花子');
    await page.getByLabel('会社名または「個人」').fill('個人');
    await page.getByLabel('メールアドレス').fill('not-an-address');
    await page.getByLabel('お問い合わせ内容').fill('30名で使いたいのですが、請求書払いはできますか?');
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByText('有効なメールアドレスを入力してください').waitFor();
    expect(await page.getByLabel('お名前').inputValue()).to.equal('佐藤 花子');

    await page.getByLabel('メールアドレス').fill('hanako@example.jp');
    await page.getByLabel('電話番号').fill('03-1234-5678');
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByRole('heading', { name: '送信しました' }).waitFor();
    const stored = await server.models.ContactInquiry.findAll({ raw: true });
    expect(stored).to.have.length(1);
    expect(stored[0]).to.include({
      name: '佐藤 花子',
      company: '個人',
      email: 'hanako@example.jp',
      phone: '03-1234-5678',
      locale: 'ja',
    });
    const mail = await smtp.next('ops@tsudoi.example');
    expect(mail.text).to.contain('請求書払い').and.contain('hanako@example.jp');
  });

  it('/test checks the browser, camera, microphone and network without signing in', async () => {
    const { page } = await open('en');
    await page.context().grantPermissions(['camera', 'microphone'], { origin: server.url });
    await page.goto(url('/test?lang=en'));
    await page.getByRole('button', { name: 'Start the test' }).click();
    for (const check of ['browser', 'camera', 'microphone', 'network'])
      await page.locator(`[data-check="${check}"] .check__state[data-state="ok"]`).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-check="network"] .check__detail').innerText()).to.match(/^\d+ ms$/);
  });

  for (const locale of ['ja', 'en'] as const)
    for (const [name, viewport] of [
      ['1280x800', DESKTOP],
      ['390x844', PHONE],
    ] as const)
      it(`looks right: landing and pricing at ${name} (${locale})`, async () => {
        const { page } = await open(locale, viewport);
        for (const path of ['/', '/pricing']) {
          await page.goto(url(`${path}?lang=${locale}`));
          await expectNoHorizontalOverflow(page);
          const file = `20-${path === '/' ? 'landing' : 'pricing'}-${locale}-${name}.png`;
          await page.screenshot({ path: `${SCREENSHOTS}${file}`, fullPage: true });
        }
      });
});

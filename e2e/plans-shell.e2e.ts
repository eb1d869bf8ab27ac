import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../server/src/config';
import { startServer, type RunningServer } from '../server/src/server';
import { createTestDatabase } from '../server/src/testing/databases';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import {
  deliver,
  startStripeStub,
  STRIPE_TEST_ENV,
  stripeEvents,
  type StripeStub,
} from '../server/src/testing/stripe-stub';
import { launchBrowser } from './support/browser';
import { callApi, createAccount, DESKTOP, pageFactory, PHONE, type Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { seriousViolations } from './support/axe';

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('plans and the app shell: upgrade through Stripe, menu by role, home, reconnect dialog', function () {
  this.timeout(120_000);
  let server: TestServer;
  let smtp: SmtpSink;
  let stripe: StripeStub;
  let browser: Browser;
  const pages = pageFactory(() => browser);
  const url = (p: string) => `${server.url}${p}`;
  const teamOf = async (who: Account) =>
    (
      (await callApi(server, 'GET', '/auth/me', undefined, who.accessToken)).json.data as {
        employmentCompanyId: number;
      }
    ).employmentCompanyId;

  before(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    [smtp, stripe, browser] = await Promise.all([startSmtpSink(), startStripeStub(), launchBrowser()]);
    server = await startTestServer({ SMTP_URL: smtp.url, ...STRIPE_TEST_ENV, STRIPE_API_URL: stripe.url });
  });
  afterEach(() => pages.closeAll());
  after(async () => {
    await browser?.close();
    await server?.close();
    await Promise.all([smtp?.close(), stripe?.close()]);
  });

  it('upgrades a team to Business through Stripe checkout and signed webhooks, then opens the portal', async () => {
    const { owner, member } = await createTeam(server, smtp, 'upgrade', true);
    const teamId = await teamOf(owner);
    const page = await pages.open('ja-JP', DESKTOP, owner);
    await page.goto(url('/plan'));
    const current = page.getByTestId('plan-current');
    await current.getByText('スターター').waitFor();
    await current.getByText('メンバー 2 / 5 名').waitFor();
    expect(await seriousViolations(page)).to.deep.equal([]);

    await page.getByRole('button', { name: 'ビジネスにアップグレード' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    const asked = Object.fromEntries(stripe.calls.at(-1)!.params);
    expect(asked).to.include({ 'line_items[0][quantity]': '2', client_reference_id: String(teamId), locale: 'ja' });

    // Stripe tells the server: the checkout completed and the subscription exists
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    for (const event of [
      stripeEvents.checkoutCompleted(teamId, 'cus_up', 'sub_up'),
      stripeEvents.subscriptionCreated(teamId, 'cus_up', 'sub_up', periodEnd),
    ])
      expect((await deliver(server.url, event)).json).to.deep.equal({ received: true, applied: true });

    await page.goto(asked.success_url!);
    await page.getByText('お申し込みありがとうございます').waitFor();
    await current.getByText('ビジネス').waitFor();
    await current.getByText('契約中').waitFor();
    await current.getByText('メンバー 2 / 25 名').waitFor();
    await current.getByText(/次回の自動更新日/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}20-plan-business-ja-1280x800.png`, fullPage: true });

    await page.getByRole('button', { name: 'お支払いを管理' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    expect(stripe.calls.at(-1)!.params.get('customer')).to.equal('cus_up');

    // a member has no plan page: sent home; the API refuses them too
    const memberPage = await pages.open('ja-JP', DESKTOP, member!);
    await memberPage.goto(url('/plan'));
    await memberPage.waitForURL('**/home');
    expect((await callApi(server, 'POST', '/billing/checkout', {}, member!.accessToken)).status).to.equal(403);
  });

  it('tells a Starter owner where to upgrade for a Business feature, and a member to ask the owner', async () => {
    const { owner, member } = await createTeam(server, smtp, 'gate', true);
    const page = await pages.open('ja-JP', DESKTOP, owner);
    await page.goto(url('/attendance'));
    const alert = page.getByRole('alert').filter({ hasText: 'ビジネスプラン' });
    await alert.getByText('プランのページからアップグレードできます。').waitFor();
    await alert.getByRole('link', { name: 'プランを見てアップグレード' }).click();
    await page.waitForURL('**/plan');
    await page.getByTestId('plan-current').getByText('スターター').waitFor();
    const memberPage = await pages.open('en-US', DESKTOP, member!);
    await memberPage.goto(url('/attendance'));
    const told = memberPage.getByRole('alert').filter({ hasText: "Ask your team's owner to upgrade." });
    await told.waitFor();
    expect(await told.getByRole('link').count()).to.equal(0);
  });

  it('refuses a Starter team past its 5 seats with the spec message (ja)', async () => {
    const { owner } = await createTeam(server, smtp, 'limit', false);
    const emails = ['l1', 'l2', 'l3', 'l4', 'l5'].map((n) => `${n}-${Date.now()}@example.com`);
    const refused = await callApi(server, 'POST', '/company-employees/bulk', { emails }, owner.accessToken);
    expect(refused.status).to.equal(409);
    expect(refused.json.error).to.deep.include({
      code: 'PLAN_LIMIT_REACHED',
      message: 'ご利用のプランではチームメンバーは最大 5 人までです。',
    });
  });

  it('shows the user menu by role, the terms in a new tab, and asks before logging out', async () => {
    const { owner, member } = await createTeam(server, smtp, 'menu', true);
    const loner = await createAccount(server, smtp, 'loner', true);
    const menuOf = async (who: Account) => {
      const page = await pages.open('ja-JP', DESKTOP, who);
      await page.goto(url('/home'));
      const nav = page.getByRole('navigation', { name: 'メインメニュー' });
      await nav.getByRole('link').first().waitFor();
      const links = await nav.getByRole('link').allInnerTexts();
      await page.getByRole('button', { name: 'アカウントメニュー' }).click();
      const popup = page.locator('.avatar-menu__popup');
      await popup.waitFor();
      return {
        page,
        links: links.map((l) => l.trim()),
        popup: (await popup.getByRole('link').allInnerTexts()).map((l) => l.replace(/\s+/g, ' ').trim()),
      };
    };
    // at 1280 px the menu is the sidebar's, with the legal pages (e2e/app-shell.e2e.ts covers the widths)
    const legal = ['利用規約 (新しいタブで開く)', 'プライバシーポリシー (新しいタブで開く)'];
    const ownerMenu = await menuOf(owner);
    expect(ownerMenu.links.map((l) => l.replace(/\s+/g, ' '))).to.deep.equal([
      'ホーム',
      'フロア',
      'マイフロア',
      'チーム',
      'チャット',
      '勤怠',
      'ファイル共有',
      'プロフィール',
      ...legal,
    ]);
    expect(ownerMenu.popup).to.deep.equal(['プロフィール', 'プラン']);
    const terms = ownerMenu.page.locator('.auth-sidebar a[href="/info/term-of-service"]');
    expect(await terms.getAttribute('target')).to.equal('_blank');
    const [tab] = await Promise.all([ownerMenu.page.context().waitForEvent('page'), terms.click()]);
    await tab.getByRole('heading', { level: 1, name: '利用規約' }).waitFor();
    await tab.close();

    const memberMenu = await menuOf(member!);
    expect(memberMenu.links.map((l) => l.replace(/\s+/g, ' '))).to.deep.equal([
      'ホーム',
      'フロア',
      'チーム',
      'チャット',
      '勤怠',
      'ファイル共有',
      'プロフィール',
      ...legal,
    ]);
    expect(memberMenu.popup).to.not.include('プラン');
    const lonerMenu = await menuOf(loner);
    expect(lonerMenu.links.map((l) => l.replace(/\s+/g, ' '))).to.deep.equal([
      'ホーム',
      'フロア',
      'ホストになる',
      'チャット',
      'プロフィール',
      ...legal,
    ]);

    // logout asks first; cancel keeps the session
    const page = lonerMenu.page;
    await page.locator('.avatar-menu__logout').click();
    const dialog = page.getByRole('dialog', { name: 'ログアウトしますか？' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    expect(new URL(page.url()).pathname).to.equal('/home');
    // the popup stays open behind a cancelled dialog
    await page.locator('.avatar-menu__logout').click();
    await dialog.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL('**/login');
  });

  it("shows today's floors, chats, appointments and the real attendance state on /home, at desktop and phone widths", async () => {
    const { owner } = await createTeam(server, smtp, 'home', false);
    await createPermanentFloor(server, owner, 'Tokyo Office');
    for (const [name, viewport] of [
      ['1280x800', DESKTOP],
      ['390x844', PHONE],
    ] as const) {
      const page = await pages.open('ja-JP', viewport, owner);
      await page.goto(url('/home'));
      const floors = page.getByRole('region', { name: '今日のフロア' });
      await floors.getByRole('link', { name: /Tokyo Office/ }).waitFor();
      await floors.getByText('常設').first().waitFor();
      await page.getByRole('region', { name: '未読のチャット' }).getByText('未読のメッセージはありません。').waitFor();
      // a Starter team: attendance is a Business plan feature, and the card says so
      await page
        .getByRole('region', { name: '勤怠' })
        .getByText(/ビジネスプラン/)
        .waitFor();
      await page.getByRole('region', { name: '現在のプラン' }).getByText('スターター').waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.screenshot({ path: `${SCREENSHOTS}20-home-ja-${name}.png`, fullPage: true });
    }
  });
});

describe('the reconnect dialog: the server stops and starts again under a live page', function () {
  this.timeout(120_000);
  let smtp: SmtpSink;
  let browser: Browser;
  let running: RunningServer | undefined;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let page: Page;

  before(async () => {
    [smtp, browser, db] = await Promise.all([startSmtpSink(), launchBrowser(), createTestDatabase()]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-reconnect-'));
  });
  after(async () => {
    await browser?.close();
    await running?.close();
    await db?.drop();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (port: string) => ({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    MEDIASOUP_NUM_WORKERS: '1',
    MEDIASOUP_WEBRTC_PORT: '0',
    JWT_SECRET: 'reconnect-test-jwt-secret-0123456789abcdef',
    ...(process.env.TEST_UI_DIST_DIR ? { UI_DIST_DIR: process.env.TEST_UI_DIST_DIR } : {}),
  });

  it('offers a reload when the connection stays lost, and the reload works once the server is back', async () => {
    running = await startServer(loadConfig(env('0')));
    const port = new URL(running.url).port;
    const asTest = { ...running, apiKey: running.config.apiKey } as TestServer;
    const who = await createAccount(asTest, smtp, 'reconnect', true);
    const pages = pageFactory(() => browser);
    page = await pages.open('ja-JP', DESKTOP, who);
    await page.goto(`${running.url}/home`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const connected = () => page.evaluate(() => document.querySelector('dialog[open]') === null);
    expect(await connected()).to.equal(true);

    await running.close();
    running = undefined;
    const dialog = page.getByRole('dialog', { name: 'サーバーとの接続が切れました' });
    await dialog.waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${SCREENSHOTS}20-reconnect-ja-1280x800.png` });

    running = await startServer(loadConfig(env(port)));
    // the page may find the server again by itself first: the dialog then closes on its own, as it should;
    // otherwise its reload brings the page back
    const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => null);
    const clicked = await dialog
      .getByRole('button', { name: '再読み込み' })
      .click({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (clicked) expect(await reloaded, 'the reload loads the page again').to.not.equal(null);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).to.equal('/home');
    await page.getByRole('region', { name: '今日のフロア' }).waitFor();
    expect(await dialog.isVisible()).to.equal(false);
    await pages.closeAll();
  });
});

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { launchBrowser } from './support/browser';
import {
  callApi,
  createAccount,
  DESKTOP,
  expectNoHorizontalOverflow,
  named,
  pageFactory,
  PHONE,
  type Account,
} from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { seriousViolations } from './support/axe';
import { say, thread } from './support/chat';

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** The menu's link texts in a navigation landmark, spaces folded. */
const linkTexts = async (page: Page, nav: string) =>
  (await page.getByRole('navigation', { name: nav }).getByRole('link').allInnerTexts()).map((l) =>
    l.replace(/\s+/g, ' ').trim(),
  );

/** Tomorrow at `hour`:00 in Japan time, as the appointments API takes it ("2026-11-26T10:00"). */
function tomorrowInJapan(hour: number): string {
  const day = new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

describe('app shell: sidebar by role from 1024 px, top bar below, home, profile in every tab, 404 paths', function () {
  this.timeout(120_000);
  let server: TestServer;
  let smtp: SmtpSink;
  let browser: Browser;
  const pages = pageFactory(() => browser);
  const url = (p: string) => `${server.url}${p}`;

  before(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    [smtp, browser] = await Promise.all([startSmtpSink(), launchBrowser()]);
    server = await startTestServer({ SMTP_URL: smtp.url });
  });
  afterEach(() => pages.closeAll());
  after(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('shows the sidebar at 1280 px with the menu by role and the legal pages in a new tab (ja and en)', async () => {
    const { owner, member } = await createTeam(server, smtp, 'side', true);
    const loner = await createAccount(server, smtp, 'side-loner', true);
    const sidebarOf = async (who: Account, locale: 'ja-JP' | 'en-US', shot?: string) => {
      const page = await pages.open(locale, DESKTOP, who);
      await page.goto(url('/home'));
      const label = locale === 'ja-JP' ? 'メインメニュー' : 'Main menu';
      await page.locator('.auth-sidebar').getByRole('navigation', { name: label }).getByRole('link').first().waitFor();
      expect(await page.locator('.auth-nav').count(), 'no top-bar menu beside the sidebar').to.equal(0);
      if (shot) {
        await page.getByRole('region', { name: locale === 'ja-JP' ? '今日のフロア' : "Today's floors" }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('.home [role="status"]').length === 0);
        await page.screenshot({ path: `${SCREENSHOTS}20-sidebar-${shot}.png` });
      }
      return { page, links: await linkTexts(page, label) };
    };
    const legalJa = ['利用規約 (新しいタブで開く)', 'プライバシーポリシー (新しいタブで開く)'];
    const owner1 = await sidebarOf(owner, 'ja-JP', 'owner-ja-1280x800');
    expect(owner1.links).to.deep.equal([
      'ホーム',
      'フロア',
      'マイフロア',
      'チーム',
      'チャット',
      '勤怠',
      'ファイル共有',
      'プロフィール',
      ...legalJa,
    ]);
    expect(await seriousViolations(owner1.page)).to.deep.equal([]);
    // the avatar popup no longer repeats the legal pages beside the sidebar
    await owner1.page.getByRole('button', { name: 'アカウントメニュー' }).click();
    const popup = owner1.page.locator('.avatar-menu__popup');
    await popup.waitFor();
    expect((await popup.getByRole('link').allInnerTexts()).map((l) => l.trim())).to.deep.equal([
      'プロフィール',
      'プラン',
    ]);
    const terms = owner1.page.locator('.auth-sidebar a[href="/info/term-of-service"]');
    expect(await terms.getAttribute('target')).to.equal('_blank');
    const [tab] = await Promise.all([owner1.page.context().waitForEvent('page'), terms.click()]);
    await tab.getByRole('heading', { level: 1, name: '利用規約' }).waitFor();
    await tab.close();
    // the current page is marked in the sidebar
    await owner1.page.keyboard.press('Escape');
    await owner1.page.locator('.auth-sidebar').getByRole('link', { name: 'チャット' }).click();
    await owner1.page.waitForURL('**/chat');
    // the chat page loads its own chunk: the sidebar marks it once it shows (the URL changes first)
    await owner1.page.locator('.auth-sidebar a.active').filter({ hasText: 'チャット' }).waitFor();
    expect(await owner1.page.locator('.auth-sidebar a.active').count()).to.equal(1);

    expect((await sidebarOf(member!, 'ja-JP')).links).to.deep.equal([
      'ホーム',
      'フロア',
      'チーム',
      'チャット',
      '勤怠',
      'ファイル共有',
      'プロフィール',
      ...legalJa,
    ]);
    expect((await sidebarOf(loner, 'ja-JP')).links).to.deep.equal([
      'ホーム',
      'フロア',
      'ホストになる',
      'チャット',
      'プロフィール',
      ...legalJa,
    ]);
    expect((await sidebarOf(owner, 'en-US', 'owner-en-1280x800')).links).to.deep.equal([
      'Home',
      'Floors',
      'My floors',
      'Team',
      'Chat',
      'Attendance',
      'Files',
      'Profile',
      'Terms of service (opens in a new tab)',
      'Privacy policy (opens in a new tab)',
    ]);
  });

  it('keeps the top bar below 1024 px (390 and 1023), one row on a phone, with the legal pages in the avatar popup (ja and en)', async () => {
    const { member } = await createTeam(server, smtp, 'top', true);
    for (const [locale, label, expected, avatar, menu] of [
      [
        'ja-JP',
        'メインメニュー',
        ['ホーム', 'フロア', 'チーム', 'チャット', '勤怠', 'ファイル共有', 'プロフィール'],
        'アカウントメニュー',
        'メニュー',
      ],
      [
        'en-US',
        'Main menu',
        ['Home', 'Floors', 'Team', 'Chat', 'Attendance', 'Files', 'Profile'],
        'Account menu',
        'Menu',
      ],
    ] as const) {
      const page = await pages.open(locale, PHONE, member!);
      await page.goto(url('/home'));
      const menuButton = page.locator('.auth-header').getByRole('button', { name: menu, exact: true });
      const avatarButton = page.getByRole('button', { name: avatar });
      await avatarButton.waitFor();
      expect(await page.locator('.auth-sidebar').count(), 'no sidebar on a phone').to.equal(0);
      await expectNoHorizontalOverflow(page);
      // one row: the menu button, the brand and the avatar button side by side, the buttons at the same top
      const [menuBox, brandBox, avatarBox] = await Promise.all(
        [menuButton, page.locator('.auth-header__brand'), avatarButton].map((l) => l.boundingBox()),
      );
      expect(menuBox!.y, 'the menu and avatar buttons on one row').to.be.closeTo(avatarBox!.y, 0.5);
      expect(brandBox!.y).to.be.below(menuBox!.y + menuBox!.height);
      expect(menuBox!.x + menuBox!.width).to.be.at.most(brandBox!.x);
      expect(brandBox!.x + brandBox!.width).to.be.at.most(avatarBox!.x);
      expect((await page.locator('.auth-header').boundingBox())!.height).to.be.at.most(65);
      await page.screenshot({ path: `${SCREENSHOTS}20-topbar-${locale.slice(0, 2)}-390x844.png` });
      // the menu behind its button: every item, the current page marked
      await menuButton.click();
      await page.locator('.auth-header').getByRole('navigation', { name: label }).getByRole('link').first().waitFor();
      expect(await linkTexts(page, label)).to.deep.equal([...expected]);
      expect(await menuButton.getAttribute('aria-expanded')).to.equal('true');
      expect(await page.locator('.nav-menu__popup a.active').innerText()).to.equal(expected[0]);
      await page.screenshot({ path: `${SCREENSHOTS}20-topbar-menu-${locale.slice(0, 2)}-390x844.png` });
      await page.getByRole('navigation', { name: label }).getByRole('link', { name: expected[3] }).click();
      await page.waitForURL('**/chat');
      expect(await page.locator('.nav-menu__popup').count(), 'the menu closes on a choice').to.equal(0);
      await avatarButton.click();
      const popup = page.locator('.avatar-menu__popup');
      await popup.locator('a[href="/info/privacy-policy"][target="_blank"]').waitFor();
      expect(await popup.locator('a[href="/info/term-of-service"][target="_blank"]').count()).to.equal(1);
      await page.screenshot({ path: `${SCREENSHOTS}20-topbar-popup-${locale.slice(0, 2)}-390x844.png` });

      // the sidebar opens at exactly 1024 px
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1023, height: 800 });
      await page.locator('.auth-nav').waitFor();
      expect(await page.locator('.auth-sidebar').count()).to.equal(0);
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.locator('.auth-sidebar').waitFor();
      expect(await page.locator('.auth-nav').count()).to.equal(0);
    }
  });

  it('keeps the language link in view on every signed-in page, at 1280 and 390 px; it switches and the choice stays', async () => {
    const { member } = await createTeam(server, smtp, 'lang', true);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await pages.open('ja-JP', viewport, member!);
      for (const path of ['/home', '/floors', '/chat', '/attendance', '/files', '/profile']) {
        await page.goto(url(path));
        const link = page.locator('.auth-header').getByRole('button', { name: '言語: English' });
        await link.waitFor();
        expect(await link.isVisible(), `the language link shows on ${path}`).to.equal(true);
        await expectNoHorizontalOverflow(page);
      }
      await page.screenshot({ path: `${SCREENSHOTS}20-language-link-ja-${viewport.width}x${viewport.height}.png` });
      await page.locator('.auth-header').getByRole('button', { name: '言語: English' }).click();
      const back = page.locator('.auth-header').getByRole('button', { name: 'Language: 日本語' });
      await back.waitFor();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}20-language-link-en-${viewport.width}x${viewport.height}.png` });
      await page.reload();
      await back.waitFor(); // the choice is kept
      await back.click(); // and Japanese again, for the next width
      await page.locator('.auth-header').getByRole('button', { name: '言語: English' }).waitFor();
      await page.close();
    }
  });

  it('shows unread chat messages on the phone menu button: a dot, the count in its label, the badge in the menu', async () => {
    const { owner, member } = await createTeam(server, smtp, 'unread', true);
    await named(server, member!, 'Mia Chen');
    const phone = await pages.open('ja-JP', PHONE, member!);
    await phone.goto(url('/home'));
    const menuButton = phone.locator('.auth-header').getByRole('button', { name: 'メニュー', exact: true });
    await menuButton.waitFor();
    expect(await phone.locator('.nav-menu__dot').count()).to.equal(0);

    const sender = await pages.open('ja-JP', DESKTOP, owner);
    await sender.goto(url('/chat'));
    await sender.getByRole('button', { name: '新しいメッセージ' }).click();
    await sender
      .getByRole('dialog', { name: '新しいメッセージ' })
      .getByRole('button', { name: /Mia Chen/ })
      .click();
    await thread(sender).getByRole('heading', { name: 'Mia Chen' }).waitFor();
    await say(sender, 'おはようございます');

    const unreadButton = phone.locator('.auth-header').getByRole('button', { name: 'メニュー (未読 1 件)' });
    await unreadButton.waitFor();
    expect(await phone.locator('.nav-menu__dot').isVisible()).to.equal(true);
    await unreadButton.click();
    const nav = phone.getByRole('navigation', { name: 'メインメニュー' });
    await nav
      .getByRole('link', { name: /チャット/ })
      .getByLabel('未読 1 件')
      .waitFor();
    await phone.screenshot({ path: `${SCREENSHOTS}20-topbar-menu-unread-ja-390x844.png` });
  });

  it("shows the member's real attendance and the next appointment on /home", async () => {
    const { owner, member } = await createTeam(server, smtp, 'homedata', true);
    const floorId = await createPermanentFloor(server, owner, 'Shibuya Office');
    const rooms = (await callApi(server, 'GET', `/floors/${floorId}/rooms`, undefined, owner.accessToken)).json
      .data as { id: number; type: string | null; number: number }[];
    const room = rooms.find((r) => r.type === 'MEETING_ROOM')!;
    const booked = await callApi(
      server,
      'POST',
      '/appointments',
      { floorId, roomId: room.id, title: 'Quarterly review', startAt: tomorrowInJapan(10), endAt: tomorrowInJapan(11) },
      owner.accessToken,
    );
    expect(booked.status, JSON.stringify(booked.json)).to.equal(201);
    // attendance is a Business plan feature (spec §1)
    const ownerRow = await server.models.User.findOne({ where: { email: owner.email } });
    await server.models.Company.update({ plan: 'business' }, { where: { id: ownerRow!.employmentCompanyId! } });
    const checkIn = await callApi(server, 'POST', '/time-log/record', { action: 'checkIn' }, member!.accessToken);
    expect(checkIn.status, JSON.stringify(checkIn.json)).to.equal(200);

    const page = await pages.open('ja-JP', DESKTOP, member!);
    await page.goto(url('/home'));
    const next = page.getByRole('region', { name: '次の予定' });
    await next.getByText('Quarterly review').waitFor();
    expect(await next.innerText()).to.contain('Shibuya Office・会議室1'); // the room's name, not its number
    const attendance = page.getByRole('region', { name: '勤怠' });
    await attendance.getByText('勤務中').waitFor();
    expect(await attendance.innerText()).to.match(/\d{2}:\d{2} から/);
    await page.screenshot({ path: `${SCREENSHOTS}20-home-data-ja-1280x800.png` });
    await next.getByRole('link', { name: /Quarterly review/ }).click();
    await page.waitForURL(`**/floors/${floorId}/appointments`);

    // the owner, who did not check in, sees the state as not checked in
    const ownerPage = await pages.open('en-US', DESKTOP, owner);
    await ownerPage.goto(url('/home'));
    await ownerPage.getByRole('region', { name: 'Attendance' }).getByText('Not checked in').waitFor();
  });

  it('updates the name in another open tab at once when the profile changes', async () => {
    const account = await createAccount(server, smtp, 'tabs', true);
    const first = await pages.open('en-US', DESKTOP, account);
    await first.goto(url('/home'));
    const second = await first.context().newPage();
    await second.goto(url('/profile/edit'));
    await first.locator('.avatar-menu__name').waitFor();
    const renamed = await callApi(server, 'PATCH', '/users/me', { name: 'Renamed Person' }, account.accessToken);
    expect(renamed.status).to.equal(200);
    await first.locator('.avatar-menu__name', { hasText: 'Renamed Person' }).waitFor({ timeout: 15_000 });
    await second.locator('.avatar-menu__name', { hasText: 'Renamed Person' }).waitFor({ timeout: 15_000 });
  });

  it('keeps the person in the app when a page cannot load while the server is away, and opens it once it is back', async () => {
    const account = await createAccount(server, smtp, 'away', true);
    const page = await pages.open('ja-JP', DESKTOP, account);
    await page.goto(url('/home'));
    await page.locator('.auth-sidebar').getByRole('link', { name: 'チャット' }).waitFor();
    // the server is away for plain HTTP: the chat page's code and the health check cannot be fetched
    const away = (route: { abort(): Promise<void> }) => route.abort();
    await page.route('**/assets/**', away);
    await page.route('**/api/health', away);
    await page.locator('.auth-sidebar').getByRole('link', { name: 'チャット' }).click();
    await page.waitForURL('**/chat');
    await page.waitForTimeout(2500); // a reload would have left for the browser's error page by now
    expect(page.url().startsWith(server.url)).to.equal(true);
    await page.locator('.lazy-page[aria-busy="true"]').waitFor();
    await page.locator('.auth-sidebar').getByRole('link', { name: 'ホーム' }).waitFor();
    // back: the app reloads by itself into the page that was asked for
    await page.unroute('**/assets/**', away);
    await page.unroute('**/api/health', away);
    await page.locator('.auth-sidebar a.active').filter({ hasText: 'チャット' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).to.equal('/chat');
  });

  it('says a server answering above 500 in an error dialog with its status text, not a toast (a route stands in for the proxy)', async () => {
    const account = await createAccount(server, smtp, 'gateway', true);
    const page = await pages.open('ja-JP', DESKTOP, account);
    await page.goto(url('/profile/edit'));
    await page.getByRole('button', { name: '保存' }).waitFor();
    // the reverse proxy in front answers 502 for the save (the server behind it is down)
    const gateway = (route: { fulfill(r: object): Promise<void> }) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>502 Bad Gateway</html>' });
    await page.route('**/api/users/me', gateway);
    await page.getByRole('button', { name: '保存' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'サーバーエラー' });
    await dialog.getByText('Bad Gateway').waitFor();
    expect(await page.locator('.toast').filter({ hasText: 'Bad Gateway' }).count(), 'not also a toast').to.equal(0);
    await page.waitForTimeout(5500); // longer than a toast lives: the dialog waits for the person
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.unroute('**/api/users/me', gateway);
  });

  it('shows the 404 error page for a path whose id is not an id, titled with the product and the status', async () => {
    const account = await createAccount(server, smtp, 'badid', true);
    for (const [locale, text, button] of [
      ['ja-JP', 'ページが見つかりません', 'ログインに戻る'],
      ['en-US', 'This page could not be found', 'Back to login'],
    ] as const) {
      const page = await pages.open(locale, DESKTOP, account);
      for (const path of ['/floors/abc/edit', '/floors/0', '/floors/1e3/recordings', '/floors/7/recordings/x']) {
        await page.goto(url(path));
        await page.locator('.error-page__status', { hasText: '404' }).waitFor();
        expect(await page.getByRole('heading', { level: 1 }).innerText()).to.contain(text);
        expect(await page.title()).to.match(/ - 404$/);
        expect(await page.getByRole('link', { name: button }).getAttribute('href')).to.equal('/login');
      }
      await page.screenshot({ path: `${SCREENSHOTS}20-error-404-${locale.slice(0, 2)}-1280x800.png` });
    }
  });
});

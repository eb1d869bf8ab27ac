import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectNoHorizontalOverflow, pathOf } from './support/auth';
import { ADMIN_PASSWORD, ADMIN_SESSION_KEY, seedAdminWorld, type Tokens } from './support/admin-seed';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('admin console: guards, layout, lists, detail and edit pages', function () {
  this.timeout(90_000);
  const world = e2eWorld({ shots: SHOTS });
  let adminToken: Tokens;
  let userToken: Tokens;
  let teamId: number;
  let memberId: number;

  before(async () => {
    ({ adminToken, userToken, teamId, memberId } = await seedAdminWorld(world.server, world.smtp));
  });

  /** A page whose admin UI starts signed in with `tokens` (or signed out). */
  async function open(locale: string, viewport = DESKTOP, tokens?: { accessToken: string; refreshToken: string }) {
    const page = await world.pages.open(locale, viewport);
    if (tokens) {
      await page.context().addInitScript(
        ([key, value]) => {
          if (window.sessionStorage.getItem('e2e:admin-seeded')) return;
          window.localStorage.setItem(key!, value!);
          window.sessionStorage.setItem('e2e:admin-seeded', '1');
        },
        [ADMIN_SESSION_KEY, JSON.stringify(tokens)],
      );
    }
    return page;
  }
  const go = (page: Page, path: string) => page.goto(world.url(path));
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}19-${name}.png`, fullPage: false });

  it('guards: signed out → admin login; sign in → admin home; login while signed in → home; wrong key → 404; logout → login', async () => {
    const page = await open('ja-JP');
    await go(page, '/admin/secret/users');
    await page.waitForURL('**/admin/secret/login');
    await page.getByLabel('メールアドレス').fill('ops@tsudoi.example');
    await page.getByLabel('パスワード', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/secret');
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    // the admin menu of spec §2
    const nav = page.getByRole('navigation').first();
    for (const name of ['ユーザー', '管理者', '企業', 'フロア', '入退室ログ'])
      await nav.getByRole('link', { name, exact: true }).waitFor();

    await go(page, '/admin/secret/login');
    await page.waitForURL((u) => u.pathname === '/admin/secret');

    const wrong = await page.goto(world.url('/admin/not-the-key/users'));
    expect(wrong?.status()).to.equal(404);
    await page.getByRole('heading', { level: 1, name: /ページが見つかりません|Page not found/ }).waitFor();
    expect(await page.locator('nav, table').count()).to.equal(0);
    // bare /admin: no key is not the key (spec §1), so the same 404, and nothing in it names the key
    const bare = await page.goto(world.url('/admin'));
    expect(bare?.status()).to.equal(404);
    await page.getByRole('heading', { level: 1, name: /ページが見つかりません|Page not found/ }).waitFor();
    expect(await page.content()).not.to.contain('/admin/secret');

    await go(page, '/admin/secret');
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL('**/admin/secret/login');
    expect(await page.evaluate((k) => localStorage.getItem(k), ADMIN_SESSION_KEY)).to.equal(null);
  });

  it("refuses a user's token: the session is dropped and the login says why", async () => {
    const page = await open('en-US', DESKTOP, userToken);
    await go(page, '/admin/secret/users');
    await page.waitForURL('**/admin/secret/login');
    await page.getByText('This account is not a platform administrator.').waitFor();
    expect(await page.evaluate((k) => localStorage.getItem(k), ADMIN_SESSION_KEY)).to.equal(null);
    expect(await page.locator('table').count()).to.equal(0);
  });

  it('users: search, sort, paging, detail, edit, delete and restore', async () => {
    const page = await open('ja-JP', DESKTOP, adminToken);
    await go(page, '/admin/secret/users');
    await page.getByRole('heading', { level: 1, name: 'ユーザー一覧' }).waitFor();
    await page.getByText('全30件').waitFor();
    await page.getByText('1 / 2 ページ').waitFor();
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByText('2 / 2 ページ').waitFor();
    expect(await page.locator('tbody tr').count()).to.equal(10);
    // an address past the last page shows the last page; more rows per page, fewer pages
    await go(page, '/admin/secret/users?page=999');
    await page.getByText('2 / 2 ページ').waitFor();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    expect(await page.locator('tbody tr').count()).to.equal(10);
    await page.getByLabel('表示件数').selectOption('50');
    await page.getByText('1 / 1 ページ').waitFor();
    expect(new URL(page.url()).searchParams.get('limit')).to.equal('50');
    expect(await page.locator('tbody tr').count()).to.equal(30);
    await go(page, '/admin/secret/users?limit=10&page=3');
    await page.getByText('3 / 3 ページ').waitFor();
    await page.getByLabel('表示件数').selectOption('20');
    await page.getByText('1 / 2 ページ').waitFor();
    await page.getByRole('searchbox', { name: '検索' }).fill('佐藤');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.getByText('全1件').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).to.equal('佐藤');
    await page.getByRole('link', { name: '佐藤 健' }).click();
    await page.waitForURL(`**/admin/secret/users/${memberId}`);
    await page.getByRole('heading', { level: 1, name: 'ユーザー詳細' }).waitFor();
    await page.getByRole('link', { name: '山田商事株式会社' }).waitFor();
    await shot(page, 'user-detail-ja-1280x800');

    await page.getByRole('link', { name: '編集' }).click();
    await page.waitForURL('**/edit');
    await page.getByLabel('名前').fill('佐藤 健太');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(`**/admin/secret/users/${memberId}`);
    await page.getByText('保存しました。').waitFor();
    await page.locator('dd', { hasText: '佐藤 健太' }).waitFor();

    await page.getByRole('button', { name: '削除', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await page.getByText('ユーザーを削除しました。').waitFor();
    await page.getByRole('button', { name: '復元' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '復元' }).click();
    await page.getByText('ユーザーを復元しました。').waitFor();
    expect((await world.server.models.User.findByPk(memberId))!.deletedAt).to.equal(null);

    // sort by e-mail, ascending: the first row is the lowest address
    await go(page, '/admin/secret/users');
    await page.getByRole('button', { name: 'メールアドレスで並べ替え' }).click();
    await page.getByRole('button', { name: 'メールアドレスで並べ替え' }).click();
    await page.waitForURL((u) => u.searchParams.get('order') === 'asc');
    await page.locator('tbody tr').first().getByText('hanako@yamada.example').waitFor();
  });

  it('companies, floors, participants, participant log, admins and the audit log', async () => {
    const page = await open('ja-JP', DESKTOP, adminToken);
    await go(page, '/admin/secret/companies');
    await page.getByRole('link', { name: '山田商事株式会社' }).click();
    await page.getByRole('heading', { level: 1, name: '企業詳細' }).waitFor();
    await page.getByRole('link', { name: '佐藤 健太' }).waitFor();
    await page.getByRole('link', { name: '編集' }).click();
    await page.getByLabel('プラン').selectOption('business');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(`**/admin/secret/companies/${teamId}`);
    await page.locator('dd', { hasText: 'ビジネス' }).waitFor();
    await page.locator('dd', { hasText: /^25$/ }).waitFor();

    await go(page, '/admin/secret/floors');
    await page.getByRole('link', { name: '全社朝会フロア' }).click();
    await page.getByRole('heading', { level: 1, name: 'フロア詳細' }).waitFor();
    await page.getByRole('link', { name: 'ゲスト 次郎' }).waitFor();
    await page.getByRole('link', { name: '編集' }).click();
    await page.getByLabel('タイトル').fill('全社朝会フロア（新）');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('dd', { hasText: '全社朝会フロア（新）' }).waitFor();

    await page.getByRole('link', { name: 'ゲスト 次郎' }).click();
    await page.getByRole('heading', { level: 1, name: '参加者詳細' }).waitFor();
    // permissions in words, in the spec's order, never the flags' codes
    await page.locator('dd', { hasText: /^登壇、録画$/ }).waitFor();
    await page.getByRole('button', { name: '招待を再送' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '招待を再送' }).click();
    await page.getByText('招待メールを再送しました。').waitFor();
    const mail = await world.smtp.next('guest@partner.example');
    expect(mail.subject).to.contain('全社朝会フロア（新）');

    await go(page, '/admin/secret/floor_time_records');
    await page.getByRole('heading', { level: 1, name: '入退室ログ' }).waitFor();
    await page.getByText('全12件').waitFor();
    await page.getByLabel('種別').selectOption('leave');
    await page.getByText('全6件').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV出力' }).click();
    const file = await download;
    expect(file.suggestedFilename()).to.match(/^participant-log-\d{8}\.csv$/);

    await go(page, '/admin/secret/admins');
    await page.getByRole('link', { name: '管理者を登録' }).click();
    // the form is its own page: wait for it (the list's "sort by name" button is also labelled 名前…)
    await page.waitForURL((u) => u.pathname === '/admin/secret/admins/register');
    await page.getByLabel('名前', { exact: true }).fill('副管理者');
    await page.getByLabel('メールアドレス').fill('deputy@tsudoi.example');
    await page.getByLabel('パスワード').fill('deputy-pass-42');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/secret/admins');
    await page.getByText('管理者を登録しました。').waitFor();
    await page.getByRole('link', { name: '副管理者' }).waitFor();
    // one's own account has no delete button
    await page.getByRole('link', { name: '運営 太郎' }).click();
    await page.getByRole('heading', { level: 1, name: '管理者詳細' }).waitFor();
    expect(await page.getByRole('button', { name: '削除' }).count()).to.equal(0);

    await go(page, '/admin/secret/audit');
    await page.getByRole('heading', { level: 1, name: '操作ログ' }).waitFor();
    // each action in words (issue 25 §14: the log reads as what happened, not as codes)
    for (const action of ['管理者を追加', '招待を再送', 'フロアを編集', 'チームを編集', 'ユーザーを復元'])
      await page.getByText(action, { exact: true }).first().waitFor();
    expect(await page.getByText('admin.register', { exact: true }).count()).to.equal(0);
  });

  it('storage: used per company by kind of file, and the files of one kind', async () => {
    await world.server.models.VirtualBackground.create({
      userId: memberId,
      floorId: null,
      participantId: null,
      companyId: teamId,
      file: 'office-bg.jpg',
      mimeType: 'image/jpeg',
      size: 1536 * 1024,
    } as never);
    const page = await open('ja-JP', DESKTOP, adminToken);
    await go(page, '/admin/secret/storage');
    await page.getByRole('heading', { level: 1, name: '企業ごとの使用容量' }).waitFor();
    const row = page.locator('tbody tr', { hasText: '山田商事株式会社' });
    await row.getByText('1.5 MB').first().waitFor();
    await page.getByRole('link', { name: 'バーチャル背景' }).click();
    await page.waitForURL('**/admin/secret/storage/backgrounds');
    await page.getByRole('heading', { level: 1, name: '保存ファイル' }).waitFor();
    await page.locator('tbody tr', { hasText: 'office-bg.jpg' }).waitFor();
  });

  it('storage: the admin downloads one stored file and deletes it after a confirmation (ja and en, desktop and phone)', async () => {
    const files = world.server.features.virtualBackgrounds.files;
    const stored = 'e'.repeat(32);
    const bytes = Buffer.from(`\xff\xd8\xff jpeg ${'q'.repeat(4000)}`);
    fs.mkdirSync(files.dir, { recursive: true });
    fs.writeFileSync(files.locate(stored)!, bytes);
    const background = await world.server.models.VirtualBackground.create({
      userId: memberId,
      floorId: null,
      participantId: null,
      companyId: teamId,
      file: stored,
      mimeType: 'image/jpeg',
      size: bytes.length,
    } as never);
    for (const [locale, lang, viewport, size] of [
      ['en-US', 'en', PHONE, '390x844'],
      ['ja-JP', 'ja', DESKTOP, '1280x800'],
    ] as const) {
      const page = await open(locale, viewport, adminToken);
      await go(page, '/admin/secret/storage/backgrounds');
      const row = page.locator('tbody tr', { hasText: stored });
      await row.getByRole('button', { name: lang === 'ja' ? '削除' : 'Delete' }).waitFor();
      // the buttons are on screen without scrolling the table, at either width
      const box = (await row.getByRole('button', { name: lang === 'ja' ? '削除' : 'Delete' }).boundingBox())!;
      expect(box.x + box.width, 'delete button inside the viewport').to.be.at.most(viewport.width);
      await expectNoHorizontalOverflow(page);
      await shot(page, `storage-files-${lang}-${size}`);
    }
    const page = await open('ja-JP', DESKTOP, adminToken);
    await go(page, '/admin/secret/storage/backgrounds');
    const row = page.locator('tbody tr', { hasText: stored });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'ダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).to.equal(`background-${background.id}.jpg`);
    expect(fs.readFileSync((await download.path())!).equals(bytes)).to.equal(true);

    await row.getByRole('button', { name: '削除' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`「${stored}」を削除しますか？`, { exact: false }).waitFor();
    await shot(page, 'storage-delete-confirm-ja-1280x800');
    await dialog.getByRole('button', { name: '削除' }).click();
    await page.getByText('ファイルを削除しました。').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(fs.existsSync(files.locate(stored)!)).to.equal(false);
    expect(await world.server.models.VirtualBackground.findByPk(background.id)).to.equal(null);
    expect(await world.server.models.AdminAudit.count({ where: { action: 'storage.delete' } })).to.equal(1);
  });

  it('company invitations as an admin: check a list, send it, re-send a pending one (calls spec §7.8)', async () => {
    await world.server.models.Company.update({ plan: 'business', maxEmployee: 25 }, { where: { id: teamId } });
    const page = await open('ja-JP', DESKTOP, adminToken);
    await go(page, `/admin/secret/companies/${teamId}`);
    await page.getByRole('heading', { level: 2, name: 'メンバーを招待' }).waitFor();
    const box = page.getByLabel('招待するメールアドレス');
    await box.fill('member0@yamada.example, new1@yamada.example');
    await page.getByRole('button', { name: '確認', exact: true }).click();
    await page.getByText('member0@yamada.example はすでにチームのメンバーです', { exact: false }).waitFor();
    await box.fill('new1@yamada.example\nnew2@yamada.example');
    await page.getByRole('button', { name: '確認', exact: true }).click();
    await page.getByText('すべてのアドレスを招待できます', { exact: false }).waitFor();
    await page.getByRole('button', { name: '招待を送信' }).click();
    await page.getByText('2 件の招待メールを送信しました。').waitFor();
    const pendingRow = page.locator('tbody tr', { hasText: 'new1@yamada.example' });
    await pendingRow.waitFor();
    expect((await world.smtp.next('new1@yamada.example')).subject).to.contain('山田商事株式会社');
    await shot(page, 'company-invite-ja-1280x800');
    await pendingRow.getByRole('button', { name: '再送信' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '再送信' }).click();
    await page.getByText('招待メールを再送信しました。').waitFor();
    await world.smtp.next('new1@yamada.example', /山田商事株式会社/);
    const actions = (
      await world.server.models.AdminAudit.findAll({ where: { targetType: ['company', 'invitation'] } })
    ).map((a) => a.action);
    expect(actions).to.include.members(['invitation.bulk', 'invitation.resend']);
    const phone = await open('en-US', PHONE, adminToken);
    await go(phone, `/admin/secret/companies/${teamId}`);
    await phone.getByRole('heading', { level: 2, name: 'Pending invitations' }).waitFor();
    await phone.locator('tbody tr', { hasText: 'new2@yamada.example' }).waitFor();
    await expectNoHorizontalOverflow(phone);
    await phone.getByRole('heading', { level: 2, name: 'Invite members' }).scrollIntoViewIfNeeded();
    await shot(phone, 'company-invite-en-390x844');
  });

  it('dashboard and lists at desktop and phone widths, ja and en; the phone menu is an overlay', async () => {
    for (const [locale, lang] of [
      ['ja-JP', 'ja'],
      ['en-US', 'en'],
    ] as const) {
      const page = await open(locale, DESKTOP, adminToken);
      await go(page, '/admin/secret');
      await page.locator('.chart').first().waitFor();
      await page.getByTestId('adminConsole.dashboard.users').waitFor();
      await shot(page, `dashboard-${lang}-1280x800`);
      await go(page, '/admin/secret/users');
      await page.locator('tbody tr').first().waitFor();
      await shot(page, `users-${lang}-1280x800`);
      await go(page, '/admin/secret/floor_time_records');
      await page.locator('tbody tr').first().waitFor();
      await shot(page, `participant-log-${lang}-1280x800`);
      await go(page, '/admin/secret/companies');
      await page.locator('tbody tr').first().waitFor();
      await shot(page, `companies-${lang}-1280x800`);

      const phone = await open(locale, PHONE, adminToken);
      await go(phone, '/admin/secret');
      await phone.locator('.chart').first().waitFor();
      expect(await phone.locator('.admin-sidebar').isVisible()).to.equal(false);
      await expectNoHorizontalOverflow(phone);
      await shot(phone, `dashboard-${lang}-390x844`);
      const toggle = phone.getByRole('button', { name: lang === 'ja' ? 'メニューを開く' : 'Open the menu' });
      await toggle.click();
      await phone.locator('.admin-sidebar').waitFor();
      await shot(phone, `menu-${lang}-390x844`);
      await phone.getByTestId('admin-overlay').click({ position: { x: 370, y: 400 } });
      await phone.locator('.admin-sidebar').waitFor({ state: 'hidden' });
      await toggle.click();
      await phone.getByRole('link', { name: lang === 'ja' ? 'ユーザー' : 'Users', exact: true }).click();
      await phone.waitForURL('**/admin/secret/users');
      await phone.locator('.admin-sidebar').waitFor({ state: 'hidden' });
      await phone.locator('tbody tr').first().waitFor();
      await expectNoHorizontalOverflow(phone);
      await shot(phone, `users-${lang}-390x844`);
      // the pager on a phone: the count and rows per page on one line, previous · page · next on the next
      const pager = phone.locator('.console-pager');
      await pager.scrollIntoViewIfNeeded();
      const [total, nav] = [
        await pager.locator('.console-pager__total').boundingBox(),
        await pager.locator('.console-pager__nav').boundingBox(),
      ];
      expect(nav!.y).to.be.greaterThan(total!.y + total!.height - 1);
      await pager.screenshot({ path: `${SHOTS}19-pager-${lang}-390x844.png` });
      expect(pathOf(phone)).to.equal('/admin/secret/users');
    }
  });
});

import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { png } from '../server/src/features/uploads/test-images';
import { linkIn } from '../server/src/testing/smtp';
import { createAccount, PHONE } from './support/auth';
import { expectPath, onServer, shootAll, signIn } from './support/team';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const STORED_INVITATION_KEY = 'tsudoi:invitation';

describe('team: register a team, logo, invite, accept, mismatch', function () {
  this.timeout(180_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('the owner registers a team and invites; the member accepts from the mail; the owner sees them', async () => {
    const owner = await createAccount(world.server, world.smtp, 'owner', true);
    const member = await createAccount(world.server, world.smtp, 'member', true);
    const page = await pages.open('ja-JP');
    await page.goto(url('/login'));
    await signIn(page, owner.email);
    await page.waitForURL('**/home');
    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'プロフィール' }).waitFor();
    await page.getByText('まだチームに所属していません').waitFor();
    await shootAll(page, world.server, SHOTS, 'profile-no-team', '.profile-card');

    await page.getByRole('link', { name: 'プロフィールを編集' }).click();
    await page.waitForURL('**/profile/edit');
    const avatarInput = page.getByLabel('画像を変更', { exact: true }).and(page.locator('input[type=file]'));
    const big = { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024 + 1) };
    await avatarInput.setInputFiles(big);
    await page.getByRole('alert').filter({ hasText: '3 MB' }).waitFor();
    await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(48, 48, [14, 159, 144]) });
    await page.locator('.toast--success').filter({ hasText: 'プロフィール画像を更新しました' }).waitFor();
    expect(await page.locator('.avatar-menu__button img').getAttribute('src')).to.match(/^\/api\/files\//);
    await shootAll(page, world.server, SHOTS, 'profile-edit', '#profile-name');
    await page.getByLabel('名前').fill('Sato Hanako');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL('**/profile');
    await page.locator('.profile-card__name').filter({ hasText: 'Sato Hanako' }).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'ホストになる' }).click();
    await page.waitForURL('**/company/register');
    await shootAll(page, world.server, SHOTS, 'company-register', '.company-register');
    await page.getByRole('button', { name: 'チームを登録' }).click();
    await page.getByRole('alert').filter({ hasText: 'チーム名を入力してください' }).waitFor();
    await page.getByLabel('チーム名').fill('つどい商事');
    await page.getByRole('button', { name: 'チームを登録' }).click();
    await page.waitForURL('**/profile/company/edit');
    await page.getByRole('navigation').getByRole('link', { name: 'チーム' }).waitFor();
    const ownerRow = page.locator('.member-row').first();
    await ownerRow.getByText('オーナー').waitFor();
    expect(await ownerRow.getAttribute('data-email')).to.equal(owner.email);

    // Logo: a wrong type is refused in the page, a PNG is stored and shown.
    const logoInput = page.getByLabel('ロゴを変更', { exact: true }).and(page.locator('input[type=file]'));
    await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('alert').filter({ hasText: '対応していない画像形式です' }).waitFor();
    const uploaded = page.waitForResponse((r) => r.url().includes('/logo') && r.request().method() === 'PUT');
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(64, 64) });
    expect((await uploaded).status()).to.equal(200);
    await page.locator('.toast--success').filter({ hasText: 'ロゴを更新しました' }).waitFor();
    const logoSrc = await page.locator('.team-details img.avatar__image').getAttribute('src');
    expect(logoSrc).to.match(/^\/api\/files\/[0-9a-f]{32}\.png$/);
    expect((await page.request.get(url(logoSrc!))).status()).to.equal(200);

    // Two addresses, one of them the owner's own: the server's message lands on that row.
    await page.getByLabel('メールアドレス 1').fill(member.email);
    await page.getByLabel('メールアドレス 2').fill(owner.email.toUpperCase());
    await page.getByRole('button', { name: '招待メールを送信' }).click();
    const selfError = page.locator('#invite-email-1-error');
    await selfError.filter({ hasText: '自分自身' }).waitFor();
    expect(await page.locator('#invite-email-0-error').count()).to.equal(0);
    await page.screenshot({ path: `${SHOTS}company-invite-errors-ja-1280x800.png`, fullPage: true });
    await page.getByRole('button', { name: '2 行目を削除' }).click();
    await page.getByRole('button', { name: '招待メールを送信' }).click();
    await page.locator('.toast--success').filter({ hasText: '1 件の招待メール' }).waitFor();
    const pendingRow = page.locator(`.member-row[data-email="${member.email}"]`);
    await pendingRow.getByText('招待中').first().waitFor();
    await page.getByTestId('plan-box').getByText('2 / 5').waitFor();
    expect(await page.getByLabel('メールアドレス 1').inputValue()).to.equal('');
    await shootAll(page, world.server, SHOTS, 'company-edit-owner', `.member-row[data-email="${member.email}"]`);

    const resent = page.waitForResponse((r) => r.url().includes('/company-employees/re-send/'));
    await pendingRow.getByRole('button', { name: `${member.email} に招待を再送信` }).click();
    expect((await resent).status()).to.equal(200);
    const link = onServer(world.server, linkIn(await world.smtp.next(member.email), '/invitation/employee/'));
    await world.smtp.next(member.email); // the re-sent copy

    // The member opens the link signed out, signs in, and lands back on the invitation.
    const guest = await pages.open('en-US');
    await guest.goto(link);
    await guest.getByRole('heading', { level: 1, name: "You're invited to join つどい商事" }).waitFor();
    expect(await guest.evaluate((key) => localStorage.getItem(key), STORED_INVITATION_KEY)).to.contain('/invitation/');
    await shootAll(guest, world.server, SHOTS, 'invitation-guest', '.invitation-card');
    await guest.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await guest.reload();
    await guest.getByRole('link', { name: 'Sign in' }).click();
    await guest.waitForURL('**/login');
    await signIn(guest, member.email);
    await guest.getByRole('heading', { level: 1, name: 'Join つどい商事?' }).waitFor();
    expect(guest.url()).to.equal(link);
    expect(await guest.evaluate((key) => localStorage.getItem(key), STORED_INVITATION_KEY)).to.equal(null);
    await guest.screenshot({ path: `${SHOTS}invitation-ready-en-1280x800.png`, fullPage: true });
    await guest.getByRole('button', { name: 'Join the team' }).click();
    await guest.getByRole('heading', { level: 1, name: 'Welcome to つどい商事' }).waitFor();
    await guest.screenshot({ path: `${SHOTS}invitation-joined-en-1280x800.png`, fullPage: true });
    // The account was refreshed: the header now offers the team instead of "Become a host".
    await guest.getByRole('navigation').getByRole('link', { name: 'Team' }).click();
    await guest.getByText('Only owners and admins can edit').waitFor();
    expect(await guest.getByRole('button', { name: 'Send invitations' }).count()).to.equal(0);
    expect(await guest.locator('input[type=file]').count()).to.equal(0);
    await shootAll(guest, world.server, SHOTS, 'company-edit-member', '.member-row');

    await page.reload();
    const joinedRow = page.locator(`.member-row[data-email="${member.email}"]`);
    await joinedRow.getByText('メンバー').waitFor();
    expect(await joinedRow.getByText('招待中').count()).to.equal(0);
    expect(await page.locator('.member-row').count()).to.equal(2);

    // Sign out from the avatar popup, with confirmation.
    await guest.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await guest.setViewportSize(PHONE);
    await guest.reload();
    await guest.getByRole('button', { name: 'Account menu' }).click();
    await guest.getByText(member.email).first().waitFor();
    await guest.screenshot({ path: `${SHOTS}avatar-menu-en-390x844.png` });
    await guest.locator('.avatar-menu__popup').getByRole('button', { name: 'Log out' }).click();
    const dialog = guest.getByRole('dialog', { name: 'Log out?' });
    await dialog.waitFor();
    await guest.screenshot({ path: `${SHOTS}logout-confirm-en-390x844.png` });
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await guest.waitForURL('**/login');
  });

  it('shows the mismatch to another account and discards a stored link for another e-mail', async () => {
    const owner = await createAccount(world.server, world.smtp, 'owner2', true);
    const other = await createAccount(world.server, world.smtp, 'other', true);
    const invitee = 'invitee-mismatch@example.com';
    const team = await fetch(`${world.server.url}/api/company`, {
      method: 'POST',
      headers: {
        'x-api-key': world.server.apiKey,
        'content-type': 'application/json',
        authorization: `Bearer ${owner.accessToken}`,
      },
      body: JSON.stringify({ name: 'Mismatch Co' }),
    });
    expect(team.status).to.equal(201);
    const invited = await fetch(`${world.server.url}/api/company-employees/bulk`, {
      method: 'POST',
      headers: {
        'x-api-key': world.server.apiKey,
        'content-type': 'application/json',
        authorization: `Bearer ${owner.accessToken}`,
      },
      body: JSON.stringify({ emails: [invitee] }),
    });
    expect(invited.status).to.equal(201);
    const link = onServer(world.server, linkIn(await world.smtp.next(invitee), '/invitation/employee/'));

    const page = await pages.open('ja-JP');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: '「Mismatch Co」に招待されています' }).waitFor();
    await page.getByRole('link', { name: 'ログイン' }).click();
    await signIn(page, other.email);
    await page.waitForURL('**/home');
    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'プロフィール' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_INVITATION_KEY)).to.equal(null);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: '別のアカウント宛ての招待です' }).waitFor();
    await page.getByText(invitee).waitFor();
    await page.getByText(other.email).first().waitFor();
    await shootAll(page, world.server, SHOTS, 'invitation-mismatch', '[data-outcome="mismatch"]');
    const accepted = await fetch(
      `${world.server.url}/api/company-employees/accept/${new URL(link).pathname.split('/').pop()}`,
      {
        method: 'POST',
        headers: { 'x-api-key': world.server.apiKey, authorization: `Bearer ${other.accessToken}` },
      },
    );
    expect(accepted.status).to.equal(409);
    await page.getByRole('button', { name: 'ログアウトして切り替える' }).click();
    await page.getByRole('heading', { level: 1, name: '「Mismatch Co」に招待されています' }).waitFor();
    expectPath(page, new URL(link).pathname);
  });
});

import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  callApi,
  createAccount,
  DESKTOP,
  expectNoHorizontalOverflow,
  PASSWORD,
  PHONE,
  SESSION_KEY,
  type Account,
} from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { e2eWorld } from './support/world';
import { liveJoined } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const NEW_PASSWORD = 'brand-new-horse-8';

/** Issue 13 §3 in the browser: what a person sees when the server ends their session from elsewhere. */
describe('session revocation: told in every open tab, and taken where they can go on', function () {
  this.timeout(180_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  /** Another sign-in (another device) of the same account. */
  async function signInAgain(account: Account): Promise<Account> {
    const { status, json } = await callApi(world.server, 'POST', '/auth/login', {
      email: account.email,
      password: PASSWORD,
    });
    expect(status, JSON.stringify(json)).to.equal(200);
    const token = json.token as { accessToken: string; refreshToken: string };
    return { email: account.email, accessToken: token.accessToken, refreshToken: token.refreshToken };
  }

  /** Waits until the server holds `count` sockets of the account (every tab's chat socket is up). */
  async function socketsOf(userId: number, count: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const open = await world.server.realtime.io.in(`account:${userId}`).fetchSockets();
      if (open.length >= count) return;
      if (Date.now() > deadline) throw new Error(`${open.length} of ${count} sockets of user ${userId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function shoot(page: Page, name: string, fullPage = false) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoHorizontalOverflow(page);
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}${name}-${viewport.width}x${viewport.height}.png`, fullPage });
    }
    await page.setViewportSize(DESKTOP);
  }

  it('a password change in one browser signs the others out at once, each told why in its language', async () => {
    const account = await createAccount(world.server, world.smtp, 'revoked', true);
    const userId = (await callApi(world.server, 'GET', '/auth/me', undefined, account.accessToken)).json.data as {
      id: number;
    };
    const here = await pages.open('ja-JP', DESKTOP, account);
    const otherJa = await pages.open('ja-JP', DESKTOP, await signInAgain(account));
    const otherEn = await pages.open('en-US', DESKTOP, await signInAgain(account));
    for (const page of [here, otherJa, otherEn]) await page.goto(url('/floors'));
    await otherEn.getByRole('heading', { level: 1 }).waitFor();
    await socketsOf(userId.id, 3);

    await here.goto(url('/profile'));
    await here.getByRole('heading', { level: 2, name: 'パスワード' }).waitFor();
    await here.getByLabel('現在のパスワード').fill('not-my-password');
    await here.getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD);
    await here.getByLabel('新しいパスワード（確認）').fill(NEW_PASSWORD);
    await here.getByRole('button', { name: 'パスワードを変更' }).click();
    await here
      .locator('#password-change-currentPassword-error')
      .filter({ hasText: '現在のパスワードが正しくありません' })
      .waitFor();
    expect(await otherJa.getByRole('status').count(), 'nothing happened elsewhere').to.equal(0);
    await shoot(here, 'revocation-password-change-ja', true);

    await here.getByLabel('現在のパスワード').fill(PASSWORD);
    const started = Date.now();
    await here.getByRole('button', { name: 'パスワードを変更' }).click();
    await here.locator('.toast--success').filter({ hasText: 'ほかの端末ではサインアウトしました' }).waitFor();

    await Promise.all([otherJa.waitForURL('**/login'), otherEn.waitForURL('**/login')]);
    const banner = otherJa.locator('.session-notice');
    await banner.filter({ hasText: 'パスワードが変更されたため、サインアウトしました' }).waitFor();
    expect(Date.now() - started, 'the other browsers are on /login with the reason').to.be.below(5000);
    await otherEn
      .locator('.session-notice')
      .filter({ hasText: 'You were signed out because your password was changed' })
      .waitFor();
    for (const page of [otherJa, otherEn])
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).to.equal(null);
    await shoot(otherJa, 'revocation-signed-out-ja');
    await shoot(otherEn, 'revocation-signed-out-en');

    // this browser stays signed in; the others sign in again with the new password, and the notice goes
    await here.goto(url('/floors'));
    await here.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(here.url()).pathname).to.equal('/floors');
    await otherEn.getByLabel('Email address').fill(account.email);
    await otherEn.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await otherEn.getByRole('button', { name: 'Sign in', exact: true }).click();
    // back where it was signed out
    await otherEn.waitForURL((u) => u.pathname === '/floors');
  });

  it('a member removed from the team sees why over the floor list, and stays signed in', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'removal', true);
    const me = (await callApi(world.server, 'GET', '/auth/me', undefined, member!.accessToken)).json.data as {
      id: number;
      employmentCompanyId: number;
    };
    const ja = await pages.open('ja-JP', DESKTOP, member!);
    const en = await pages.open('en-US', DESKTOP, await signInAgain(member!));
    await ja.goto(url('/profile/company/edit'));
    await en.goto(url('/profile'));
    await ja.locator('.member-row').first().waitFor();
    await socketsOf(me.id, 2);

    // the owner removes them from the team page
    const ownerPage = await pages.open('ja-JP', DESKTOP, owner);
    await ownerPage.goto(url('/profile/company/edit'));
    const row = ownerPage.locator(`.member-row[data-email="${member!.email}"]`);
    await row.getByRole('button', { name: /チームから外す/ }).click();
    const confirm = ownerPage.getByRole('dialog', { name: /チームから外しますか/ });
    await confirm.waitFor();
    await shoot(ownerPage, 'revocation-remove-member-confirm-ja');
    await confirm.getByRole('button', { name: '外す', exact: true }).click();
    await ownerPage.locator('.toast--success').filter({ hasText: 'チームから外しました' }).waitFor();
    await row.waitFor({ state: 'detached' });

    const dialog = ja.getByRole('dialog', { name: 'チームから外されました' });
    await dialog.getByText('チーム「removal Co」から外されました').waitFor();
    await ja.waitForURL((u) => u.pathname === '/floors');
    await en.getByRole('dialog', { name: 'You were removed from the team' }).waitFor();
    await en.waitForURL((u) => u.pathname === '/floors');
    await shoot(ja, 'revocation-removed-from-team-ja');
    await shoot(en, 'revocation-removed-from-team-en');

    await dialog.getByRole('button', { name: 'フロア一覧へ' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(ja.url()).pathname).to.equal('/floors');
    expect(await ja.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).to.not.equal(null);
    await ja.goto(url('/profile'));
    await ja.getByText('まだチームに所属していません').waitFor();
  });
  it('a participant removed from a floor is taken off the live floor, told why, and sent to the floor list', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'floorhost', false);
    const visitor = await createAccount(world.server, world.smtp, 'visitor', true);
    const floorId = await createPermanentFloor(world.server, owner, '共同プロジェクト');
    const invited = await callApi(
      world.server,
      'POST',
      '/participant/register',
      { floorId, participants: [{ email: visitor.email }] },
      owner.accessToken,
    );
    expect(invited.status, JSON.stringify(invited.json)).to.equal(201);
    const participantId = (invited.json.data as { id: number }[])[0]!.id;
    const page = await pages.open('ja-JP', DESKTOP, visitor);
    await page.goto(url(`/floors/${floorId}`));
    await page.getByRole('link', { name: 'フロアに参加' }).click();
    await page.waitForURL(`**/floors/${floorId}/check`);
    await page.getByRole('button', { name: 'フロアに入る' }).click();
    await page.waitForURL(`**/floors/${floorId}/live`);
    await liveJoined(page);

    const removed = await callApi(
      world.server,
      'DELETE',
      `/participant/${participantId}`,
      undefined,
      owner.accessToken,
    );
    expect(removed.status, JSON.stringify(removed.json)).to.equal(200);
    const dialog = page.getByRole('dialog', { name: 'フロアの参加者から外されました' });
    await dialog.getByText('ホストによってこのフロアの参加者から外されました。').waitFor();
    expect(
      await dialog.getByRole('link', { name: 'フロアの紹介へ' }).count(),
      'the floor page is closed to them',
    ).to.equal(0);
    await shoot(page, 'revocation-removed-from-floor-ja');
    await dialog.getByRole('link', { name: 'フロア一覧へ' }).click();
    await page.waitForURL((u) => u.pathname === '/floors');
  });
});

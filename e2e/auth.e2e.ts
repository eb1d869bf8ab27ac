import { expect } from 'chai';
import { linkIn } from '../server/src/testing/smtp';
import { callApi, createAccount, PASSWORD, pathOf, SESSION_KEY, uniqueEmail } from './support/auth';
import { e2eWorld } from './support/world';

describe('auth: sign-up, verification, password reset, guards', function () {
  this.timeout(90_000);
  const world = e2eWorld();
  const { pages, url } = world;

  it('signs up, follows the mailed link, signs out and in again', async () => {
    const email = uniqueEmail('signup');
    const page = await pages.open('ja-JP');
    await page.goto(url(`/signup?email=${encodeURIComponent(email)}`));
    await page.getByRole('heading', { level: 1, name: 'アカウント作成' }).waitFor();
    expect(await page.getByLabel('メールアドレス').inputValue()).to.equal(email);

    await page.getByRole('button', { name: 'アカウントを作成' }).click();
    await page.getByRole('alert').filter({ hasText: '名前を入力してください' }).waitFor();
    await page.getByRole('alert').filter({ hasText: '利用規約に同意' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('signup-name');

    await page.getByLabel('名前').fill('佐藤 花子');
    await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await page.getByLabel('パスワード（確認）').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'アカウントを作成' }).click();
    await page.getByRole('alert').filter({ hasText: 'パスワードが一致しません' }).waitFor();
    await page.getByLabel('パスワード（確認）').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'アカウントを作成' }).click();

    await page.waitForURL('**/verification-prompt');
    await page.getByRole('heading', { level: 1, name: 'メールアドレスを確認してください' }).waitFor();
    await page.getByText(email).waitFor();
    const first = await world.smtp.next(email);
    await page.getByRole('button', { name: '確認メールを再送信' }).click();
    await page.locator('.toast--success').filter({ hasText: '確認用のリンク' }).first().waitFor();
    const link = linkIn(await world.smtp.next(email), '/token/verify/');
    expect(link).to.not.equal(linkIn(first, '/token/verify/'));

    // Going elsewhere while unverified leads back to the prompt.
    await page.goto(url('/home'));
    await page.waitForURL('**/verification-prompt');

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).to.equal(null);

    await page.goto(link);
    await page.waitForURL('**/verification-success');
    await page.getByRole('heading', { level: 1, name: 'メールアドレスの確認が完了しました' }).waitFor();
    await page.getByRole('link', { name: 'ログイン' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL('**/home');
    const session = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    expect(JSON.parse(session ?? '{}')).to.have.keys('accessToken', 'refreshToken', 'tokenType', 'expiresIn');

    // Signed in: the guest-only pages send the user home.
    await page.goto(url('/signup'));
    await page.waitForURL('**/home');

    // The used link now fails, with the world.server message and a title saying so.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: '認証に失敗しました' }).waitFor();
    expect(await page.title()).to.equal('Tsudoi - 認証に失敗しました');
  });

  it('resets a forgotten password from the mailed link and signs in with it', async () => {
    const account = await createAccount(world.server, world.smtp, 'forgot', true);
    const page = await pages.open('en-US');
    await page.goto(url('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();

    await page.getByLabel('Email address').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const fieldError = page.locator('#forgot-email-error');
    await fieldError.waitFor();
    expect(await fieldError.innerText()).to.equal('Email does not exist');
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).to.equal('true');

    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
    const link = linkIn(await world.smtp.next(account.email), '/password/reset/');

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Use 8 to 128 characters' }).waitFor();
    const newPassword = 'a-brand-new-secret';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/login');
    await page.locator('.toast--success').filter({ hasText: 'Your password was changed' }).waitFor();

    expect(
      (await callApi(world.server, 'POST', '/auth/login', { email: account.email, password: PASSWORD })).status,
    ).to.equal(401);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/home');

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: "This reset link can't be used" }).waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
  });

  it('sends signed-out visitors to /login and back to where they were going', async () => {
    const account = await createAccount(world.server, world.smtp, 'guard', false);
    const page = await pages.open('en-US');
    await page.goto(url('/verification-prompt'));
    await page.waitForURL('**/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/verification-prompt');
    await page.getByRole('heading', { level: 1, name: 'Confirm your email address' }).waitFor();
  });

  it('renews an expired access token with the refresh token, and resets the session when that fails (spec §4)', async () => {
    // The access token is refused but the sign-in is live: the app renews it and stays.
    const account = await createAccount(world.server, world.smtp, 'expired', true);
    const stale = { ...account, accessToken: 'forged.access.token' };
    const page = await pages.open('en-US', undefined, stale);
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.goto(url('/verification-prompt'));
    expect((await refreshed).status()).to.equal(200);
    await page.waitForURL('**/home');
    const renewed = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? '{}');
    expect(renewed.accessToken).to.not.equal(stale.accessToken);
    expect(renewed.refreshToken).to.not.equal(account.refreshToken);

    // The sign-in ended elsewhere (its refresh token revoked): the next 401 signs the app out.
    expect(
      (await callApi(world.server, 'POST', '/auth/logout', { refreshToken: renewed.refreshToken })).status,
    ).to.equal(200);
    await page.reload();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).to.equal(null);
  });

  it('shows a failed social sign-in on /login', async () => {
    const page = await pages.open('en-US');
    await page.goto(url('/login?socialError=LOGIN_ACCESS_DENIED'));
    await page.locator('.toast--error').filter({ hasText: 'Access denied' }).waitFor();
    expect(pathOf(page)).to.equal('/login');
    expect(new URL(page.url()).search).to.equal('');

    await page.goto(url(`/social/google?ticket=${'x'.repeat(40)}`));
    await page.waitForURL('**/login');
    await page.locator('.toast--error').first().waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).to.equal(null);
  });
});

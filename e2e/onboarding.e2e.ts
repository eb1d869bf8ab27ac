import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { linkIn, startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { PASSWORD, pageFactory, uniqueEmail } from './support/auth';
import { launchBrowser } from './support/browser';
import { onServer, signIn } from './support/team';

/**
 * Issue 3's whole journey in one run, through the UI only: a founder signs
 * up, verifies through the mailed link, signs in, registers a team and
 * invites a colleague; the colleague (second browser context, no account yet)
 * opens the mailed invitation, creates an account from it, verifies, signs in
 * and accepts. The founder then sees them in the team.
 */
describe('onboarding: sign up, verify, register a team, invite, a newcomer accepts', function () {
  this.timeout(180_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  const pages = pageFactory(() => browser);
  const url = (path: string) => `${server.url}${path}`;

  before(async () => {
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([startTestServer({ SMTP_URL: smtp.url }), launchBrowser()]);
  });
  after(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  /** Fills the sign-up form (e-mail prefilled or typed) and lands on the verification prompt. */
  async function signUp(page: Page, name: string, email: string) {
    const field = page.getByLabel(/^(メールアドレス|Email address)$/);
    if ((await field.inputValue()) === '') await field.fill(email);
    expect(await field.inputValue()).to.equal(email);
    await page.getByLabel(/^(名前|Name)$/).fill(name);
    await page.getByLabel(/^(パスワード|Password)$/).fill(PASSWORD);
    await page.getByLabel(/^(パスワード（確認）|Confirm password)$/).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^(アカウントを作成|Create account)$/ }).click();
    await page.waitForURL('**/verification-prompt');
  }

  it('takes a founder and a newcomer from nothing to one team', async () => {
    const founderEmail = uniqueEmail('founder');
    const newcomerEmail = uniqueEmail('newcomer');

    // The founder signs up and verifies through the mail.
    const founder = await pages.open('ja-JP');
    await founder.goto(url('/signup'));
    await signUp(founder, '山田 太郎', founderEmail);
    await founder.goto(onServer(server, linkIn(await smtp.next(founderEmail), '/token/verify/')));
    await founder.waitForURL('**/verification-success');
    // Still signed in from the sign-up: the success page leads home.
    await founder.goto(url('/login'));
    await founder.waitForURL('**/home');

    // Registers a team and invites the newcomer.
    await founder.getByRole('navigation').getByRole('link', { name: 'ホストになる' }).click();
    await founder.waitForURL('**/company/register');
    await founder.getByLabel('チーム名').fill('山田工務店');
    await founder.getByRole('button', { name: 'チームを登録' }).click();
    await founder.waitForURL('**/profile/company/edit');
    await founder.getByLabel('メールアドレス 1').fill(newcomerEmail);
    await founder.getByRole('button', { name: '招待メールを送信' }).click();
    await founder.locator('.toast--success').filter({ hasText: '1 件の招待メール' }).waitFor();
    const invitation = onServer(server, linkIn(await smtp.next(newcomerEmail), '/invitation/employee/'));

    // The newcomer, with no account, opens the invitation and creates one from it.
    const newcomer = await pages.open('en-US');
    await newcomer.goto(invitation);
    await newcomer.getByRole('heading', { level: 1, name: "You're invited to join 山田工務店" }).waitFor();
    await newcomer.getByRole('link', { name: 'Create an account to join' }).click();
    await newcomer.waitForURL('**/signup?email=*');
    await signUp(newcomer, 'Jane Newcomer', newcomerEmail);
    const verify = onServer(server, linkIn(await smtp.next(newcomerEmail), '/token/verify/'));
    await newcomer.getByRole('button', { name: /^(Sign out|Log out)$/ }).click();
    await newcomer.waitForURL('**/login');
    await newcomer.goto(verify);
    await newcomer.waitForURL('**/verification-success');
    await newcomer.goto(url('/login'));
    await signIn(newcomer, newcomerEmail);

    // Signed in and verified: the stored invitation brings them back to accept it.
    await newcomer.getByRole('heading', { level: 1, name: 'Join 山田工務店?' }).waitFor();
    await newcomer.getByRole('button', { name: 'Join the team' }).click();
    await newcomer.getByRole('heading', { level: 1, name: 'Welcome to 山田工務店' }).waitFor();

    // The founder sees a member, no longer an invitation.
    await founder.reload();
    const row = founder.locator(`.member-row[data-email="${newcomerEmail}"]`);
    await row.getByText('メンバー').waitFor();
    expect(await row.getByText('招待中').count()).to.equal(0);
    const members = await founder.locator('.member-row').evaluateAll((rows) => rows.map((r) => r.dataset.email));
    expect(members).to.deep.equal([founderEmail, newcomerEmail]);
  });
});

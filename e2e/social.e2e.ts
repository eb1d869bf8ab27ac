import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startOAuthProvider, type OAuthProvider } from '../server/src/features/auth/social/social.testing';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { pageFactory, pathOf, SESSION_KEY } from './support/auth';
import { launchBrowser } from './support/browser';

/**
 * Social sign-in in a real browser against a real OAuth 2.0 provider on
 * loopback (oauth2-mock-server): the button, the provider's redirect, the
 * callback, the ticket exchange on /social/google and the signed-in profile.
 */
describe('social sign-in in the browser', function () {
  this.timeout(90_000);
  let browser: Browser;
  let provider: OAuthProvider;
  let withSocial: TestServer;
  let without: TestServer;
  const pages = pageFactory(() => browser);

  before(async () => {
    provider = await startOAuthProvider();
    [withSocial, without, browser] = await Promise.all([
      startTestServer(provider.env),
      startTestServer(),
      launchBrowser(),
    ]);
  });
  afterEach(() => pages.closeAll());
  after(async () => {
    await browser?.close();
    await Promise.all([withSocial?.close(), without?.close()]);
    await provider?.stop();
  });

  it('shows no social buttons when the server has no provider credentials', async () => {
    const page = await pages.open('ja-JP');
    await page.goto(`${without.url}/login`);
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: /Google|Facebook/ }).count()).to.equal(0);
    expect(await page.getByRole('separator').count()).to.equal(0);
  });

  it('signs a new user in with Google and lands on the profile', async () => {
    provider.service.once('beforeUserinfo', (res) => {
      res.body = { sub: 'g-e2e-1', email: 'kumiko@example.jp', email_verified: true, name: 'Kumiko Ito' };
    });
    const page = await pages.open('en-US');
    await page.goto(`${withSocial.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Facebook' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/home');
    await page.goto(`${withSocial.url}/profile`);
    await page.getByText('Kumiko Ito').first().waitFor();
    await page.getByText('kumiko@example.jp').first().waitFor();
    expect(pathOf(page)).to.equal('/profile');
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? '{}');
    expect(stored).to.have.keys('accessToken', 'refreshToken', 'tokenType', 'expiresIn');
    // The ticket never stays in the address bar or the history entry.
    expect(page.url()).to.not.contain('ticket');
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { TestServer } from '../../server/src/testing/test-server';
import { DESKTOP, expectNoHorizontalOverflow, PASSWORD, PHONE } from './auth';

/** Signs in through the login page (Japanese or English labels). */
export async function signIn(page: Page, email: string) {
  await page.getByLabel(/メールアドレス|Email address/).fill(email);
  await page.getByLabel(/^(パスワード|Password)$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^(ログイン|Sign in)$/ }).click();
}

/**
 * Screenshots of the current page in ja and en at 1280x800 and 390x844
 * (locale cookie + reload, so only for pages that survive a reload), each
 * checked for horizontal overflow; ends in Japanese at desktop width.
 */
export async function shootAll(page: Page, server: TestServer, dir: string, name: string, ready: string) {
  for (const locale of ['ja', 'en'] as const) {
    await page.context().addCookies([{ name: 'tsudoi_locale', value: locale, url: server.url }]);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: `${dir}${name}-${locale}-${viewport.width}x${viewport.height}.png`,
        fullPage: true,
      });
    }
  }
  await page.context().addCookies([{ name: 'tsudoi_locale', value: 'ja', url: server.url }]);
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await page.locator(ready).first().waitFor();
}

/** The invitation link of the last mail to `email`, on the test server's origin. */
export function onServer(server: TestServer, link: string): string {
  const url = new URL(link);
  return `${server.url}${url.pathname}${url.search}`;
}

export function expectPath(page: Page, path: string) {
  expect(new URL(page.url()).pathname).to.equal(path);
}

/** Screenshots at desktop and phone width of what the page shows now (no reload: a dialog stays open). */
export async function shootAsIs(page: Page, dir: string, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${dir}${name}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { SmtpSink } from '../../server/src/testing/smtp';
import { linkIn } from '../../server/src/testing/smtp';
import type { TestServer } from '../../server/src/testing/test-server';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const PASSWORD = 'correct-horse-42';
/** Where the floor UI keeps the session (app/store.ts). */
export const SESSION_KEY = 'tsudoi:session';

let counter = 0;
/** A fresh address per call, so tests never share an account. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Calls the real API as the SPA does (x-api-key, JSON). */
/** What the API helpers need of a server: its address and API key (a test server, or a child process's). */
export type ApiServer = Pick<TestServer, 'url' | 'apiKey'>;

export async function callApi(server: ApiServer, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      'x-api-key': server.apiKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, json };
}

export interface Account {
  email: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs up through the API; `verified` also follows the mailed link. */
export async function createAccount(server: ApiServer, smtp: SmtpSink, label: string, verified: boolean) {
  const email = uniqueEmail(label);
  const { status, json } = await callApi(server, 'POST', '/auth/signup', {
    name: 'Hanako Sato',
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    agreeTerms: true,
  });
  expect(status, JSON.stringify(json)).to.equal(201);
  const mail = await smtp.next(email);
  if (verified) {
    const token = linkIn(mail, '/token/verify/').split('/token/verify/')[1];
    expect((await callApi(server, 'POST', '/tokens/verify', { token })).status).to.equal(200);
  }
  const { accessToken, refreshToken } = json.token as Account & Record<string, string>;
  // the in-floor tutorial opens by itself for a host once: seen, so that it covers no other test's floor
  // (e2e/floor-guide.e2e.ts turns it back on)
  const guide = await callApi(server, 'PUT', '/users/me/host-guide', { skipHostGuide: true }, accessToken);
  expect(guide.status, JSON.stringify(guide.json)).to.equal(200);
  return { email, accessToken, refreshToken } satisfies Account;
}

/** Pages in fresh contexts (no cookies, no storage); closed by closeAll(). */
export function pageFactory(browser: () => Browser) {
  const pages: Page[] = [];
  return {
    /**
     * `locale` is the browser's language. The floor UI starts in Japanese
     * whatever the browser prefers (spec §1); an English page is one whose
     * person chose English before, so an `en` locale also brings the locale
     * cookie that choice leaves (the test server listens on 127.0.0.1).
     */
    async open(locale: string, viewport = DESKTOP, session?: Account): Promise<Page> {
      const context = await browser().newContext({ locale, viewport });
      if (locale.startsWith('en'))
        await context.addCookies([{ name: 'tsudoi_locale', value: 'en', domain: '127.0.0.1', path: '/' }]);
      if (session) {
        const value = JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken });
        // Seeded once per tab: a later sign-out or 401 must be able to clear it.
        await context.addInitScript(
          ([key, tokens]) => {
            if (window.sessionStorage.getItem('e2e:seeded')) return;
            window.localStorage.setItem(key!, tokens!);
            window.sessionStorage.setItem('e2e:seeded', '1');
          },
          [SESSION_KEY, value],
        );
      }
      const page = await context.newPage();
      pages.push(page);
      return page;
    },
    closeAll: () => Promise.all(pages.splice(0).map((page) => page.context().close())),
  };
}

export async function expectNoHorizontalOverflow(page: Page) {
  // after a viewport change the signed-in layout switches between sidebar and top bar on the next frames
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').to.be.at.most(0);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Renames the account (so faces and names differ between people) and answers its user id. */
export async function named(server: TestServer, who: Account, name: string): Promise<number> {
  const { status, json } = await callApi(server, 'PATCH', '/users/me', { name }, who.accessToken);
  expect(status, JSON.stringify(json)).to.equal(200);
  return (json.data as { id: number }).id;
}

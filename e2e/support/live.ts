import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { TestServer } from '../../server/src/testing/test-server';
import { DESKTOP, PHONE, type Account } from './auth';
import { liveJoined, receiving } from './media';

/** Browser-test helpers of the live floor's layout (e2e/floor-ux.e2e.ts). */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not laid out`);
  return box;
}

/** Two boxes share some area (touching edges do not count). */
export const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The map rooms a person could not click now: the centre of each is off
 * screen, or something else (a tile, a button, a panel) lies over it.
 */
export const unreachableRooms = (page: Page): Promise<number[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.floor-map [data-room]'))
      .filter((room) => {
        const r = room.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return true;
        return document.elementFromPoint(x, y)?.closest('[data-room]') !== room;
      })
      .map((room) => Number(room.dataset.room)),
  );

/** The names shown on the video tiles, each with whether it is cut (wider than its box). */
export const tileNames = (page: Page) =>
  page.locator('.media-tile__name').evaluateAll((names) =>
    names.map((name) => ({
      text: name.textContent ?? '',
      cut: name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1,
    })),
  );

/** The page does not scroll, and the video stage lies wholly below the sticky header. */
export async function expectNothingUnderHeader(page: Page) {
  const scroll = await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);
  expect(scroll, 'page scroll height beyond the window (px)').to.be.at.most(0);
  await page.mouse.wheel(0, 2000);
  const header = await boxOf(page.locator('header').first());
  const stage = await boxOf(page.locator('.media-stage'));
  expect(stage.y, 'stage top vs the header bottom').to.be.at.least(header.y + header.height);
}

/** The locale cookie (a person's choice) for the next load, then a reload that waits for my media to come back. */
export async function reloadIn(page: Page, server: TestServer, locale: 'ja' | 'en', video: number, audio: number) {
  await page.context().addCookies([{ name: 'tsudoi_locale', value: locale, url: server.url }]);
  await page.reload();
  await liveJoined(page);
  await receiving(page, video, audio, 40_000);
  await page.locator('.media-tile[data-video="on"]').nth(video).waitFor();
}

/** Screenshots of the page now at 1280x800 and 390x844 (the window, as a person sees it). */
export async function shootLive(page: Page, dir: string, name: string, locale: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(400); // tiles re-fit their layers
    await page.screenshot({ path: `${dir}${name}-${locale}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

/** Opens the live floor as `who` (fake camera and microphone), recording peer connections; waits until joined. */
export async function openLive(
  open: (locale: string, viewport?: typeof DESKTOP, session?: Account) => Promise<Page>,
  server: TestServer,
  floorId: number,
  who: Account,
  init: string,
  locale = 'ja-JP',
): Promise<Page> {
  const page = await open(locale, DESKTOP, who);
  await page.context().addInitScript(init);
  await page.goto(`${server.url}/floors/${floorId}/live`);
  await page.locator('.floor-room__face--self').waitFor();
  await liveJoined(page);
  return page;
}

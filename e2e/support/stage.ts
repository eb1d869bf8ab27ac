import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoHorizontalOverflow, named, PHONE, type Account } from './auth';
import { createPermanentFloor, createTeam } from './floors';
import { liveJoined, member, RECORD_PEER_CONNECTIONS } from './media';
import type { E2eWorld } from './world';

/** Where the stage's browser tests put their pictures. */
export const STAGE_SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Screenshots at 1280x800 and 390x844, each checked for horizontal overflow first. */
export async function shootStage(page: Page, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(350);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${STAGE_SHOTS}${name}-${viewport.width}x${viewport.height}.png`, timeout: 90_000 });
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * The stage tests' cast: a team host (山田 太郎) and two members, Mia Chen and a third (Ken by default),
 * on a permanent floor of the team.
 */
export async function stageCast(world: E2eWorld, prefix: string, kenName = 'Ken Sato') {
  const { owner } = await createTeam(world.server, world.smtp, `${prefix}-host`, false);
  const mia = await member(world.server, world.smtp, owner, `${prefix}-mia`);
  const ken = await member(world.server, world.smtp, owner, `${prefix}-ken`);
  await named(world.server, owner, '山田 太郎');
  await named(world.server, mia, 'Mia Chen');
  await named(world.server, ken, kenName);
  const floorId = await createPermanentFloor(world.server, owner, '全社ミーティング');
  return { owner, mia, ken, floorId };
}

/**
 * Opens the live floor for one person with camera and microphone off, once the floor has answered the join
 * (their own face in the entrance); `peers` records the page's peer connections (for decoded-frame checks).
 */
export async function openStageFloor(
  world: E2eWorld,
  floorId: number,
  who: Account,
  locale: string,
  { peers = false }: { peers?: boolean } = {},
) {
  const page = await world.pages.open(locale, undefined, who);
  if (peers) await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
  await page
    .context()
    .addInitScript(() => localStorage.setItem('tsudoi.media', JSON.stringify({ mic: false, camera: false })));
  await page.goto(world.url(`/floors/${floorId}/live`));
  await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
  await liveJoined(page);
  return page;
}

import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoHorizontalOverflow, named, PHONE, type Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { inbound, liveJoined, member, moveTo, receiving, RECORD_PEER_CONNECTIONS } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const face = (page: Page, room: number, userId: number) =>
  page
    .getByRole('group', { name: /^(フロアマップ|Floor map)$/ })
    .locator(`[data-room="${room}"] [data-person="${userId}"]`);

const videoFrames = async (page: Page) =>
  (await inbound(page)).filter((s) => s.kind === 'video').reduce((n, s) => n + s.framesDecoded, 0);
const audioPackets = async (page: Page) =>
  (await inbound(page)).filter((s) => s.kind === 'audio').reduce((n, s) => n + s.packetsReceived, 0);

/** Polls until the page decodes no new video frame for 1.5 s (a closed consumer's stats stay, frozen). */
async function videoStopped(page: Page, ms = 20_000) {
  const started = Date.now();
  for (;;) {
    const before = await videoFrames(page);
    await page.waitForTimeout(1500);
    const after = await videoFrames(page);
    if (after === before) return after;
    if (Date.now() - started > ms) throw new Error(`video frames still arriving: ${before} → ${after}`);
  }
}

/** Polls until audio packets arrive (more than `than`). */
async function audioArrives(page: Page, than = 0, ms = 20_000) {
  const started = Date.now();
  while ((await audioPackets(page)) <= than) {
    if (Date.now() - started > ms) throw new Error(`no audio packets: ${JSON.stringify(await inbound(page))}`);
    await page.waitForTimeout(100);
  }
}

/** Screenshots at 1280x800, and at 390x844 when `phone` (a resize re-lays the video tiles out: done at the end). */
async function shoot(page: Page, name: string, phone = false) {
  for (const viewport of phone ? [DESKTOP, PHONE] : [DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(350); // the cards' entry animation
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}${name}-${viewport.width}x${viewport.height}.png`, timeout: 90_000 });
  }
  await page.setViewportSize(DESKTOP);
}

describe('media: host controls and media requests between browsers', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS });

  it('the host turns off every camera and asks a member to unmute; the member allows and is heard', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'media-host', false);
    const mate = await member(world.server, world.smtp, owner, 'media-host-member');
    await named(world.server, owner, '山田 太郎');
    const mateId = await named(world.server, mate, 'Mia Chen');
    const floorId = await createPermanentFloor(world.server, owner, 'ホスト操作のフロア');
    const open = async (who: Account, locale: string, mic: boolean) => {
      const page = await world.pages.open(locale, undefined, who);
      await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
      await page
        .context()
        .addInitScript((on) => localStorage.setItem('tsudoi.media', JSON.stringify({ mic: on, camera: true })), mic);
      await page.goto(world.url(`/floors/${floorId}/live`));
      await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
      await liveJoined(page);
      return page;
    };
    const host = await open(owner, 'ja-JP', true);
    const guest = await open(mate, 'en-US', false); // the member comes in muted
    await moveTo(host, 9);
    await moveTo(guest, 9);
    await receiving(host, 1, 0); // the member's camera only
    await receiving(guest, 1, 1); // the host's camera and microphone
    const flowing = await videoFrames(host);
    await host.waitForTimeout(1500);
    expect(await videoFrames(host), 'frames of the member camera keep coming').to.be.above(flowing);

    // The host turns off every camera (after a confirmation); their own stays on.
    await host.getByRole('button', { name: 'ホスト操作' }).click();
    await host.getByRole('menuitem', { name: '全員のカメラをオフ' }).click();
    const confirm = host.getByRole('dialog', { name: '全員のカメラをオフにしますか？' });
    await confirm.getByText('このフロアにいるあなた以外の全員が対象です。').waitFor();
    await shoot(host, 'media-host-confirm-ja');
    await confirm.getByRole('button', { name: 'オフにする' }).dispatchEvent('click');
    await host.locator('.toast').filter({ hasText: '1件をオフにしました。' }).waitFor();
    await guest.getByRole('status').filter({ hasText: 'The host turned off your camera.' }).waitFor();
    await guest.locator('.media-tile--local[data-video="off"]').waitFor();
    await guest.getByRole('button', { name: 'Start video' }).waitFor();
    // the camera-off tile is the avatar alone, as high as a tile with video (not the hidden video's box above it)
    const offBox = await guest.locator('.media-tile--local[data-video="off"]').boundingBox();
    const onBox = await guest.locator('.media-tile:not(.media-tile--local)[data-video="on"]').boundingBox();
    expect(Math.round(offBox!.height), 'the camera-off tile is one tile high').to.equal(Math.round(onBox!.height));
    await videoStopped(host); // no more frames of the member's camera
    expect(await audioPackets(host)).to.equal(0);
    await host.locator('.media-tile:not(.media-tile--local)[data-video="off"]').waitFor();
    await receiving(guest, 1, 1); // the host's own camera still comes through
    await shoot(guest, 'media-host-notice-en');

    // The host asks the member to unmute from her face's popup; the member allows and is heard.
    await face(host, 9, mateId).click();
    const popup = host.getByRole('dialog', { name: 'Mia Chen' });
    await popup.getByRole('button', { name: 'マイクのオンをリクエスト' }).click();
    await popup.getByRole('button', { name: /マイクのオンをリクエスト.*リクエストを取り消す/ }).waitFor();
    await shoot(host, 'media-request-popup-ja');
    await popup.getByRole('button', { name: '閉じる' }).click();
    const card = guest.getByRole('alertdialog', { name: 'Request from 山田 太郎' });
    await card.getByText('山田 太郎 asks you to turn on your microphone.').waitFor();
    await shoot(guest, 'media-request-card-en');
    expect(await audioPackets(host)).to.equal(0);
    await card.getByRole('button', { name: 'Allow' }).click();
    await card.waitFor({ state: 'detached' });
    await guest.getByRole('button', { name: 'Mute', exact: true }).waitFor();
    await audioArrives(host); // audio packets from the member
    await videoStopped(host, 3000); // the camera stays off
    await host.getByRole('status').filter({ hasText: 'Mia Chenさんがリクエストを許可しました。' }).waitFor();

    // Asked for the camera, the member declines: it shows as declined on the host's side.
    await face(host, 9, mateId).click();
    const micOn = popup.getByRole('button', { name: /マイクのオンをリクエスト.*オンになっています/ });
    expect(await micOn.isDisabled(), 'her microphone is on: nothing to ask').to.equal(true);
    await popup.getByRole('button', { name: 'カメラのオンをリクエスト' }).click();
    await popup.getByRole('button', { name: '閉じる' }).click();
    const second = guest.getByRole('alertdialog', { name: 'Request from 山田 太郎' });
    await second.getByRole('button', { name: 'Deny' }).click();
    await host.getByRole('status').filter({ hasText: 'Mia Chenさんがリクエストを拒否しました。' }).waitFor();
    await face(host, 9, mateId).click();
    await popup.getByRole('button', { name: /カメラのオンをリクエスト.*拒否されました/ }).waitFor();
    await guest.locator('.media-tile--local[data-video="off"]').waitFor();
    await videoStopped(host, 3000); // no camera after the refusal
    await shoot(host, 'media-request-denied-ja', true);

    // A screen share request on a phone-sized window; the host takes it back and the card goes.
    await popup.getByRole('button', { name: '画面共有をリクエスト' }).click();
    const third = guest.getByRole('alertdialog', { name: 'Request from 山田 太郎' });
    await third.getByText('山田 太郎 asks you to share your screen.').waitFor();
    await shoot(guest, 'media-request-card-en', true);
    await popup.getByRole('button', { name: /画面共有をリクエスト.*リクエストを取り消す/ }).click();
    await third.waitFor({ state: 'detached' });

    // The host menu, on both window sizes.
    await popup.getByRole('button', { name: '閉じる' }).click();
    await host.getByRole('button', { name: 'ホスト操作' }).click();
    await host.getByRole('menuitem', { name: '全員のマイクをミュート' }).waitFor();
    await shoot(host, 'media-host-menu-ja', true);
    await host.keyboard.press('Escape');
    await host.getByRole('menu').waitFor({ state: 'detached' });
  });
});

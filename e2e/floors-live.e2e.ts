import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { expectNoHorizontalOverflow, PHONE } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { shootAll } from './support/team';
import { e2eWorld } from './support/world';
import { liveJoined } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('floors: the live page map, room locks, infinite scroll and delete', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('a running floor opens the map; a room is locked with a password; lists scroll and delete', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'live', false);
    const floorId = await createPermanentFloor(world.server, owner, '毎日のオフィス');
    const page = await pages.open('ja-JP', undefined, owner);
    await page.goto(url(`/floors/${floorId}`));
    await page.getByRole('link', { name: 'フロアに参加' }).click();
    // the device check page comes first (camera and microphone), then the floor
    await page.waitForURL(`**/floors/${floorId}/check`);
    await page.getByRole('button', { name: 'フロアに入る' }).click();
    await page.waitForURL(`**/floors/${floorId}/live`);
    const map = page.getByRole('group', { name: 'フロアマップ' });
    await map.locator('[data-room]').nth(23).waitFor();
    // Joined over Socket.IO: the connecting notice goes away.
    await liveJoined(page);
    expect(await map.locator('[data-room]').count()).to.equal(24);
    const entrance = map.locator('[data-room="1"]');
    expect(await entrance.locator('.floor-room__face--self').count()).to.equal(1);
    expect(await map.locator('.floor-room__face').count()).to.equal(1);
    await shootAll(page, world.server, SHOTS, 'floor-live-map', '[data-room="24"]');

    // Once joined, a click on another room moves there; a click on one's own room opens its popup.
    await liveJoined(page);
    await map.getByRole('button', { name: /^会議室1、/ }).click();
    await map.locator('[data-room="18"] .floor-room__face--self').waitFor();
    await map.getByRole('button', { name: /^会議室1、/ }).click();
    const popup = page.getByRole('dialog', { name: '会議室1' });
    await popup.getByText('10 席').waitFor();
    await popup.getByRole('button', { name: 'ロックする' }).click();
    const password = popup.getByTestId('room-password');
    await password.waitFor();
    expect(await password.textContent()).to.match(/^\d{6}$/);
    await page
      .locator('.toast--success')
      .filter({ hasText: (await password.textContent())! })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}floor-room-popup-ja-1280x800.png` });
    await popup.getByRole('button', { name: '閉じる' }).click();
    await map.getByRole('button', { name: /^会議室1、ロック中/ }).waitFor();
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}floor-live-locked-ja-390x844.png`, fullPage: true });

    // 22 permanent floors: the list shows 20, then the next page when scrolled to the end.
    for (let i = 2; i <= 22; i++) await createPermanentFloor(world.server, owner, `フロア ${i}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('/floors/hosted?group=permanent'));
    await page.getByText('22 件のフロア').waitFor();
    const cards = page.locator('.floor-card');
    await cards.nth(19).waitFor();
    expect(await cards.count()).to.equal(20);
    await page.locator('.floor-list__sentinel').scrollIntoViewIfNeeded();
    await cards.nth(21).waitFor();
    expect(await cards.count()).to.equal(22);

    // Delete with confirmation.
    const target = page.locator(`.floor-card[data-floor-id="${floorId}"]`);
    await target.getByRole('button', { name: /削除/ }).click();
    const dialog = page.getByRole('dialog', { name: 'フロアを削除しますか？' });
    await dialog.getByText('毎日のオフィス').waitFor();
    await page.screenshot({ path: `${SHOTS}floor-delete-confirm-ja-1280x800.png` });
    await dialog.getByRole('button', { name: '削除' }).click();
    await target.waitFor({ state: 'detached' });
    await page.getByText('21 件のフロア').waitFor();
    await page.goto(url(`/floors/${floorId}`));
    await page.getByRole('heading', { level: 1, name: /フロアが見つかりません/ }).waitFor();
  });
});

import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { named } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { shootAll } from './support/team';
import { e2eWorld } from './support/world';
import { liveJoined } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

const mapOf = (page: Page, label = 'フロアマップ') => page.getByRole('group', { name: label });
const face = (page: Page, room: number, userId: number) =>
  mapOf(page).locator(`[data-room="${room}"] [data-person="${userId}"]`);

describe('floors: live presence between two people', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('shows each other, moves live, and asks for a locked room’s password', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'presence', true);
    const ownerId = await named(world.server, owner, '山田 太郎');
    const memberId = await named(world.server, member!, 'Mia Chen');
    const floorId = await createPermanentFloor(world.server, owner, 'みんなのオフィス');

    const hostPage = await pages.open('ja-JP', undefined, owner);
    const memberPage = await pages.open('ja-JP', undefined, member!);
    await hostPage.goto(url(`/floors/${floorId}/live`));
    await memberPage.goto(url(`/floors/${floorId}/live`));

    // Each sees the other at the entrance; the connecting notice is gone once joined.
    await face(hostPage, 1, memberId).waitFor();
    await face(memberPage, 1, ownerId).waitFor();
    expect(await hostPage.getByText('フロアに接続しています').count()).to.equal(0);
    expect(await face(memberPage, 1, memberId).getAttribute('class')).to.contain('floor-room__face--self');

    // The member moves to テーブルA; the owner sees it live.
    await mapOf(memberPage)
      .getByRole('button', { name: /^テーブルA、/ })
      .click();
    await face(memberPage, 8, memberId).waitFor();
    await face(hostPage, 8, memberId).waitFor();
    expect(await face(hostPage, 1, memberId).count()).to.equal(0);
    await shootAll(hostPage, world.server, SHOTS, 'floor-live-presence', `[data-person="${memberId}"]`);
    await liveJoined(hostPage);

    // The owner moves to テーブルB and locks it through its popup (a click on one's own room).
    const room2 = /^テーブルB、/;
    await mapOf(hostPage).getByRole('button', { name: room2 }).click();
    await face(hostPage, 9, ownerId).waitFor();
    await mapOf(hostPage).getByRole('button', { name: room2 }).click();
    const popup = hostPage.getByRole('dialog', { name: 'テーブルB' });
    await popup.getByRole('button', { name: 'ロックする' }).click();
    const shown = popup.getByTestId('room-password');
    await shown.waitFor();
    const password = (await shown.textContent())!;
    expect(password).to.match(/^\d{6}$/);
    await popup.getByRole('button', { name: '閉じる' }).click();

    // The member sees the lock live, is asked for the password, and gets in with the right one.
    await mapOf(memberPage)
      .getByRole('button', { name: /^テーブルB、ロック中/ })
      .click();
    const prompt = memberPage.getByRole('dialog', { name: 'テーブルB はロックされています' });
    const field = prompt.getByLabel('入室パスワード');
    await field.fill(password === '000000' ? '111111' : '000000');
    await prompt.getByRole('button', { name: '入室する' }).click();
    await prompt.getByRole('alert').filter({ hasText: 'ルームのパスワードが正しくありません' }).waitFor();
    await memberPage.screenshot({ path: `${SHOTS}floor-live-password-ja-1280x800.png` });
    await field.fill(password);
    await prompt.getByRole('button', { name: '入室する' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await face(memberPage, 9, memberId).waitFor();
    await face(hostPage, 9, memberId).waitFor();

    // Leaving the page (in the app) takes the member off the floor for the others.
    await memberPage.getByRole('link', { name: '← フロアの紹介' }).click();
    await memberPage.waitForURL(`**/floors/${floorId}`);
    await face(hostPage, 9, memberId).waitFor({ state: 'detached' });
  });
});

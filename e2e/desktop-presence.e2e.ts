import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { DesktopEvents } from '@tsudoi/common';
import { join, ok, socketOf, call } from '../server/src/features/floors/live/live.testing';
import type { Actor } from '../server/src/features/companies/fixtures';
import { callApi } from './support/auth';
import { STUB_BRIDGE, type StubGlobals } from './support/desktop-bridge';
import { createPermanentFloor, createTeam } from './support/floors';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const face = (page: Page, userId: number) =>
  page.getByRole('group', { name: 'フロアマップ' }).locator(`[data-person="${userId}"]`);

/**
 * The desktop app's presence through the renderer (stub bridge in Chromium,
 * no Electron binary here): idle/lock/tray requests from main reach the
 * floor as floor:updateUser and another member sees them; a status chosen
 * in the page goes back to the tray.
 */
describe('desktop presence on the live floor (stub bridge in Chromium)', function () {
  this.timeout(180_000);
  const world = e2eWorld();
  const { pages } = world;

  it('sends idle away and the return to the floor, and mirrors a page choice to the tray', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'desk-presence', true);
    const me = await callApi(world.server, 'GET', '/auth/me', undefined, member!.accessToken);
    const memberId = (me.json.data as { id: number }).id;
    const floorId = await createPermanentFloor(world.server, owner, 'デスクトップの島');

    const app = await pages.open('ja-JP', undefined, member!);
    await app.context().addInitScript({ content: STUB_BRIDGE });
    const host = await pages.open('ja-JP', undefined, owner);
    await app.goto(`${world.server.url}/floors/${floorId}/live`);
    await host.goto(`${world.server.url}/floors/${floorId}/live`);
    await face(host, memberId).waitFor();
    const emit = (payload: DesktopEvents['presenceRequested']) =>
      app.evaluate((data) => (window as unknown as StubGlobals).desktopEmit('presenceRequested', data), payload);
    const status = app.getByLabel('自分のステータス');
    await status.waitFor();

    // Idle: main asks for away; the host sees the member away, the member's menu says so.
    expect(await emit({ status: 'away', reason: 'idle' })).to.equal(1);
    await host.locator(`[data-person="${memberId}"].floor-room__face--away`).waitFor();
    expect(await status.inputValue()).to.equal('away');

    // Back: main restores the earlier status.
    await emit({ status: 'available', reason: 'back' });
    await host.locator(`[data-person="${memberId}"].floor-room__face--away`).waitFor({ state: 'detached' });
    expect(await status.inputValue()).to.equal('available');

    // The page's own choice reaches the floor and the tray (setPresence); main's own requests were not echoed
    // (the first call is the floor's saved status, adopted at the join).
    await status.selectOption('away');
    await host.locator(`[data-person="${memberId}"].floor-room__face--away`).waitFor();
    const calls = await app.evaluate(() => (window as unknown as StubGlobals).desktopCalls);
    expect(calls.filter(([name]) => name === 'setPresence')).to.deep.equal([
      ['setPresence', 'available'],
      ['setPresence', 'away'],
    ]);
    await host.screenshot({ path: `${SHOTS}desktop-presence-away-ja-1280x800.png` });

    // Busy and in a meeting show as a dot on the face, with the status in its name.
    await status.selectOption('busy');
    await host.locator(`[data-person="${memberId}"].floor-room__face--busy`).waitFor();
    await status.selectOption('meeting');
    const meeting = host.locator(`[data-person="${memberId}"].floor-room__face--meeting`);
    await meeting.waitFor();
    expect(await meeting.getAttribute('title')).to.match(/（会議中）$/);
    await status.selectOption('away');
    await host.locator(`[data-person="${memberId}"].floor-room__face--away`).waitFor();

    // The floor keeps it: a reload (a new app session) adopts the saved status instead of resetting it.
    await app.reload();
    await app.getByLabel('自分のステータス').waitFor();
    expect(await app.getByLabel('自分のステータス').inputValue()).to.equal('away');
    await host.locator(`[data-person="${memberId}"].floor-room__face--away`).waitFor();
  });

  it('shows a knock as a native notification that opens the live floor', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'desk-knock', true);
    const me = await callApi(world.server, 'GET', '/auth/me', undefined, member!.accessToken);
    const memberId = (me.json.data as { id: number }).id;
    const floorId = await createPermanentFloor(world.server, owner, 'ノックの島');

    const app = await pages.open('ja-JP', undefined, member!);
    await app.context().addInitScript({ content: STUB_BRIDGE });
    await app.goto(`${world.server.url}/floors/${floorId}/live`);
    await app.getByLabel('自分のステータス').waitFor();

    // The host, on the floor through a plain socket, invites the member into 会議室1 (room 18).
    const host = await socketOf(
      world.server.url,
      { headers: { Authorization: `Bearer ${owner.accessToken}` } } as Actor,
      'ja',
    );
    try {
      const floor = await join(host, floorId);
      const room = floor.rooms.find((r) => r.number === 18)!;
      await ok(call(host, 'floor:joinRoom', { roomId: room.id }));
      await ok(call(host, 'floor:inviteToRoom', { userId: memberId, roomId: room.id }));
      await app.waitForFunction(() =>
        (window as unknown as StubGlobals).desktopCalls.some(([name]) => name === 'notify'),
      );
      const calls = await app.evaluate(() => (window as unknown as StubGlobals).desktopCalls);
      const notified = calls.filter(([name]) => name === 'notify').map(([, payload]) => payload);
      expect(notified).to.have.length(1);
      expect(notified[0]).to.deep.include({ kind: 'knock', path: `/floors/${floorId}/live` });
      expect((notified[0] as { body: string }).body).to.contain('会議室1');
    } finally {
      host.disconnect();
    }
  });

  it('mutes the microphone from the tray and shows the page’s microphone in the tray', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'desk-mic', false);
    const floorId = await createPermanentFloor(world.server, owner, 'マイクの島');
    const app = await pages.open('ja-JP', undefined, owner);
    await app.context().addInitScript({ content: STUB_BRIDGE });
    await app.goto(`${world.server.url}/floors/${floorId}/live`);
    const controls = app.getByRole('toolbar', { name: 'メディア操作' });
    const mic = controls.getByRole('button', { name: 'ミュート', exact: true });
    await mic.waitFor();
    const micCalls = async () =>
      (await app.evaluate(() => (window as unknown as StubGlobals).desktopCalls))
        .filter(([name]) => name === 'setMicMuted')
        .map(([, muted]) => muted);
    // The tray's check follows the page: microphone on at the start of the visit.
    await app.waitForFunction(() =>
      (window as unknown as StubGlobals).desktopCalls.some(([name]) => name === 'setMicMuted'),
    );
    expect((await micCalls()).at(-1)).to.equal(false);

    // "Mute microphone" in the tray turns the page's microphone off, and back on.
    const tray = (muted: boolean) =>
      app.evaluate((m) => (window as unknown as StubGlobals).desktopEmit('micMuteRequested', { muted: m }), muted);
    expect(await tray(true)).to.equal(1);
    const unmute = controls.getByRole('button', { name: 'ミュート解除' });
    await unmute.waitFor();
    expect(await unmute.getAttribute('aria-pressed')).to.equal('false');
    expect((await micCalls()).at(-1)).to.equal(true);
    await tray(false);
    await mic.waitFor();

    // The page's own button is mirrored to the tray.
    await mic.click();
    await unmute.waitFor();
    await app.waitForFunction(() => {
      const calls = (window as unknown as StubGlobals).desktopCalls.filter(([name]) => name === 'setMicMuted');
      return calls.at(-1)?.[1] === true;
    });
  });
});

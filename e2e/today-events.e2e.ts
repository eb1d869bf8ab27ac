import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { callApi, DESKTOP, expectNoHorizontalOverflow, PHONE } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { openLive } from './support/live';
import { liveJoined } from './support/media';
import { e2eWorld } from './support/world';
import { ManualClock } from '../server/src/testing/clock';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * The server's clock stands at 09:00 in Japan on today's date there (the browsers keep real time and name the
 * day with it): an entry at 10:00–10:30 is today's and still to come whatever the hour the test runs. It used
 * to take "an hour from now", which is tomorrow in Japan's last hours of the day (CI at 22:40 there failed).
 */
const japanDay = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const clock = new ManualClock(`${japanDay}T09:00:00+09:00`);

describe("today's events: the live floor panel", function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS, clock });
  const { pages } = world;

  it('a member adds an event (an empty one is refused with its message) and the host sees it arrive live', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'today', true);
    const floorId = await createPermanentFloor(world.server, owner, '本社フロア');
    // a visit booked for today in a meeting room, with its guest: it is among today's events
    const rooms = (await callApi(world.server, 'GET', `/floors/${floorId}/rooms`, undefined, owner.accessToken)).json
      .data as { id: number; type: string | null }[];
    const meetingRoom = rooms.find((r) => r.type === 'MEETING_ROOM')!;
    const booked = await callApi(
      world.server,
      'POST',
      '/appointments',
      {
        floorId,
        roomId: meetingRoom.id,
        title: 'B社様 商談',
        startAt: `${japanDay}T11:00`,
        endAt: `${japanDay}T12:00`,
        guest: { name: '鈴木 一郎', email: 'suzuki@example.com' },
      },
      owner.accessToken,
    );
    expect(booked.status, JSON.stringify(booked.json)).to.equal(201);
    const hostPage = await openLive(pages.open, world.server, floorId, owner, '');

    // the edit room popup: the host clicks their own room (the entrance); seats out of range are refused
    await hostPage.getByRole('button', { name: /^エントランス、/ }).click();
    const popup = hostPage.getByRole('dialog', { name: 'エントランス' });
    await popup.getByRole('heading', { name: 'ルームを編集' }).waitFor();
    await popup.getByLabel('席数').fill('60');
    await popup.getByRole('button', { name: '保存' }).click();
    await hostPage.locator('.toast--error').filter({ hasText: '席数は 1〜50 の整数で入力してください' }).waitFor();
    await popup.getByLabel('席数').fill('40');
    await popup.getByLabel('退室時にルームのチャットを保存する').check();
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-edit-room-ja-1280x800.png` });
    await popup.getByRole('button', { name: '保存' }).click();
    await hostPage.locator('.toast--success').filter({ hasText: '部屋を更新しました。' }).waitFor();
    await popup.getByText('40 席').waitFor();
    await hostPage.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(hostPage);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-edit-room-ja-390x844.png` });
    await hostPage.setViewportSize(DESKTOP);
    await popup.getByRole('button', { name: '閉じる' }).click();
    await hostPage.getByRole('button', { name: '本日の予定' }).click();
    const hostPanel = hostPage.getByRole('dialog', { name: '本日の予定' });
    await hostPanel.getByText('本日の予定はまだありません。').waitFor();

    const memberPage = await openLive(pages.open, world.server, floorId, member!, '');
    await memberPage.getByRole('button', { name: '本日の予定' }).click();
    const panel = memberPage.getByRole('dialog', { name: '本日の予定' });
    const visit = panel.getByRole('region', { name: '本日の来客' }).locator('[data-visit]');
    await visit.filter({ hasText: 'B社様 商談' }).waitFor();
    expect(await visit.innerText()).to.match(/11:00–12:00[\s\S]*会議室1 · ゲスト 鈴木 一郎さん · 予約 /);
    await panel.getByLabel('開始').fill('10:00');
    await panel.getByLabel('終了').fill('10:30');
    await panel.getByRole('button', { name: '追加' }).click();
    await panel.getByText('内容を入力してください').waitFor();
    await memberPage.screenshot({ path: `${SHOTS}ISSUE-16-today-events-error-ja-1280x800.png` });
    await panel.getByLabel('内容').fill('A社様 来社（応接室1）');
    await panel.getByLabel('種類').selectOption('VISIT');
    await panel.getByRole('button', { name: '追加' }).click();
    await panel.locator('[data-activity]').filter({ hasText: 'A社様 来社（応接室1）' }).waitFor();
    expect(await panel.getByText('内容を入力してください').count()).to.equal(0);

    // live on the host's open panel, with the host's delete
    const arrived = hostPanel.locator('[data-activity]').filter({ hasText: 'A社様 来社（応接室1）' });
    await arrived.waitFor();
    await arrived.getByRole('button', { name: '削除' }).waitFor();
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-today-events-ja-1280x800.png` });
    await hostPage.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(hostPage);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-today-events-ja-390x844.png` });
    await hostPage.setViewportSize(DESKTOP);

    // English, after a reload: the list comes from the server
    await hostPage.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await hostPage.reload();
    await liveJoined(hostPage);
    await hostPage.getByRole('button', { name: "Today's events" }).click();
    const english = hostPage.getByRole('dialog', { name: "Today's events" });
    await english.locator('.today-events__type--visit').filter({ hasText: 'Visit' }).first().waitFor();
    await english.getByRole('region', { name: 'Visits today' }).getByText('guest 鈴木 一郎').waitFor();
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-today-events-en-1280x800.png` });
    await hostPage.setViewportSize(PHONE);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-today-events-en-390x844.png` });

    // the host deletes it; the member's panel follows
    await hostPage.setViewportSize(DESKTOP);
    await english.getByRole('button', { name: 'Delete' }).click();
    await panel.locator('[data-activity]').waitFor({ state: 'detached' });

    // the enter/leave history of today, from the live header: both entries, a CSV, a range refused
    await english.getByRole('button', { name: 'Close' }).click();
    await hostPage.getByRole('link', { name: 'History' }).click();
    await hostPage.waitForURL(`**/floors/${floorId}/history`);
    const rows = hostPage.locator('.history__table tbody tr');
    await rows.nth(1).waitFor();
    expect(await rows.filter({ hasText: 'Entered' }).count()).to.be.greaterThanOrEqual(2);
    const csv = hostPage.waitForEvent('download');
    await hostPage.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await csv).path();
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(file!, 'utf8');
    expect(text.startsWith('\uFEFFTime (Japan),Enter/leave,Name,Room')).to.equal(true);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-history-en-1280x800.png` });
    await hostPage.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(hostPage);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-history-en-390x844.png` });
    await hostPage.setViewportSize(DESKTOP);
    await hostPage.context().addCookies([{ name: 'tsudoi_locale', value: 'ja', url: world.server.url }]);
    await hostPage.reload();
    await rows.filter({ hasText: '入室' }).first().waitFor();
    await hostPage.getByLabel('開始日').fill('2030-01-02');
    await hostPage.getByLabel('終了日').fill('2030-01-01');
    await hostPage.getByRole('button', { name: '表示' }).click();
    await hostPage.getByText('終了日は開始日以降にしてください').waitFor();
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-history-range-ja-1280x800.png` });
    await hostPage.reload();
    await rows.filter({ hasText: '入室' }).first().waitFor();
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-history-ja-1280x800.png` });
    await hostPage.setViewportSize(PHONE);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-history-ja-390x844.png` });
  });
});

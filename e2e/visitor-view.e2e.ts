import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ManualClock } from '../server/src/testing/clock';
import { linkIn } from '../server/src/testing/smtp';
import { callApi, named } from './support/auth';
import { createPermanentFloor, createTeam, japanDate } from './support/floors';
import { liveJoined, moveTo } from './support/media';
import { onServer, shootAsIs } from './support/team';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * What a booked visitor sees of the floor (issue 25 §1, §3, §4), in Chromium:
 * the lobby and their lounge, nobody of the staff elsewhere, the rooms they
 * cannot enter shown as such; no staff list, no floor chat, no bookings.
 */
describe('a booked visitor’s view of the floor', function () {
  this.timeout(300_000);
  const clock = new ManualClock(new Date());
  const world = e2eWorld({ shots: SHOTS, clock });
  const { pages, url } = world;

  it('sees the lobby and the lounge of the visit; the staff at their tables are not shown; other rooms are closed to them', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'vview', true);
    await named(world.server, owner, '山田 太郎');
    await named(world.server, member!, '佐藤 花子');
    const floorId = await createPermanentFloor(world.server, owner, '営業フロア');
    const day = japanDate(1);
    clock.set(new Date(`${day}T10:00:00+09:00`));
    const lounge = (await world.server.models.FloorRoom.findOne({ where: { floorId, number: 20 } }))!;
    const booked = await callApi(
      world.server,
      'POST',
      '/appointment/guest-appointment',
      {
        floorId,
        roomId: lounge.id,
        title: '契約のご相談',
        startAt: `${day}T10:00`,
        endAt: `${day}T11:00`,
        guest: { name: 'Pat Partner', email: 'pat@partner.example' },
      },
      owner.accessToken,
    );
    expect(booked.status, JSON.stringify(booked.json)).to.equal(201);
    const link = new URL(linkIn(await world.smtp.next('pat@partner.example'), `/floors/${floorId}`));

    // the staff at work: the owner at table A, a colleague in the leader's office
    const host = await pages.open('ja-JP', undefined, owner);
    await host.goto(url(`/floors/${floorId}/live`));
    await liveJoined(host);
    await moveTo(host, 8);
    const colleague = await pages.open('ja-JP', undefined, member!);
    await colleague.goto(url(`/floors/${floorId}/live`));
    await liveJoined(colleague);
    await moveTo(colleague, 6);

    const guest = await pages.open('en-US');
    await guest.goto(onServer(world.server, link.href));
    const join = guest.getByRole('dialog', { name: 'Join as a guest' });
    await join.getByLabel('Display name').fill('Pat');
    await join.getByRole('button', { name: 'Enter the floor' }).click();
    await liveJoined(guest);
    const standby = guest.getByRole('dialog', { name: 'Waiting for your host' });
    await standby.waitFor();
    await shootAsIs(guest, SHOTS, '25-visitor-waiting-en');
    await standby.getByRole('button', { name: 'Knock' }).click();
    const card = host.getByRole('alertdialog', { name: 'Patさんが来訪しました' });
    // "let in and join": the host goes into the booked lounge with the guest
    await card.getByRole('button', { name: '許可して一緒に入室' }).click();
    await standby.waitFor({ state: 'detached' });
    await guest.locator('[data-room="20"] .floor-room__face--self').waitFor();
    await host.locator('[data-room="20"] .floor-room__face--self').waitFor();
    await guest.locator('[data-room="20"] .floor-room__face:not(.floor-room__face--self)').waitFor();

    // nobody of the staff elsewhere: only the visitor and their host, in the lounge
    expect(await guest.locator('.floor-room__face').count()).to.equal(2);
    expect(await guest.locator('[data-room]:not([data-room="20"]) .floor-room__face').count()).to.equal(0);
    // the team's rooms are shown closed; the lobby and the lounge are not
    const closed = async (page: Page) =>
      page.$$eval('.floor-room--closed', (els) =>
        els.map((e) => Number(e.getAttribute('data-room'))).sort((a, b) => a - b),
      );
    expect(await closed(guest)).to.deep.equal([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24,
    ]);
    expect(await guest.locator('[data-room="9"] .floor-room__hit').getAttribute('aria-disabled')).to.equal('true');
    expect(await guest.locator('[data-room="9"] .floor-room__hit').getAttribute('aria-label')).to.contain(
      'as a visitor you stay in the lobby and the room of your visit',
    );
    // no staff list, no bookings, no today's events, no recordings for them
    for (const name of ['Participants and permissions', 'Bookings', "Today's events", 'Recordings'])
      expect(
        (await guest.getByRole('link', { name }).count()) + (await guest.getByRole('button', { name }).count()),
        name,
      ).to.equal(0);
    await shootAsIs(guest, SHOTS, '25-visitor-lounge-en');
    // a click on a table says why at once, and nobody moves
    await guest.locator('[data-room="9"] .floor-room__hit').click({ force: true }); // aria-disabled: Playwright would wait
    await guest
      .locator('.toast--warning')
      .getByText('As a visitor you can be in the lobby and the room of your visit')
      .waitFor();
    await guest.screenshot({ path: `${SHOTS}25-visitor-closed-room-en-1280x800.png` });
    expect(await guest.locator('[data-room="20"] .floor-room__face--self').count()).to.equal(1);
    // the host sees everyone as before: nothing is closed to them
    expect(await closed(host)).to.deep.equal([]);
    // the lobby stays open to them: back to it, and into the lounge again
    await moveTo(guest, 1);
    await moveTo(guest, 20);
    // in Japanese
    await guest.context().addCookies([{ name: 'tsudoi_locale', value: 'ja', url: world.server.url }]);
    await guest.reload();
    await liveJoined(guest);
    await guest.locator('[data-room="20"] .floor-room__face--self').waitFor();
    expect(await guest.locator('[data-room="9"] .floor-room__hit').getAttribute('aria-label')).to.contain('チーム専用');
    await shootAsIs(guest, SHOTS, '25-visitor-lounge-ja');
  });
});

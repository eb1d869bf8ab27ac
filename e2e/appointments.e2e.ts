import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ManualClock } from '../server/src/testing/clock';
import { linkIn } from '../server/src/testing/smtp';
import { callApi, named } from './support/auth';
import { createPermanentFloor, createTeam, japanDate } from './support/floors';
import { onServer, shootAsIs } from './support/team';
import { moveTo, roomButton } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('appointments: a host books a guest lounge for a guest, who enters by the e-mailed link during the visit', function () {
  this.timeout(300_000);
  // the server's clock (time rules) stands still until the test moves it; the browsers keep real time
  const clock = new ManualClock(new Date());
  const world = e2eWorld({ shots: SHOTS, clock });
  const { pages, url } = world;
  const shoot = (page: Page, name: string) => shootAsIs(page, SHOTS, name);

  it('books from the calendar, refuses a clash, mails link and .ics; the guest is refused before the start and enters at it', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'booking', false);
    await named(world.server, owner, '山田 太郎');
    const floorId = await createPermanentFloor(world.server, owner, '営業フロア');
    const visitor = 'pat@partner.example';
    const day = japanDate(1); // tomorrow, Japan time

    const host = await pages.open('ja-JP', undefined, owner);
    await host.goto(url(`/floors/${floorId}/appointments`));
    await host.getByRole('heading', { name: '会議室・応接室の予約' }).waitFor();
    await host.locator('.appointments__column-head', { hasText: '応接室1' }).waitFor();
    await host.getByRole('button', { name: '次へ' }).click();
    await host.getByRole('button', { name: '応接室1 10:00 新しい予約' }).click();
    const popup = host.getByRole('dialog', { name: '新しい予約' });
    expect(await popup.getByLabel('部屋').inputValue()).to.not.equal('');
    await popup.getByRole('button', { name: '保存' }).click();
    await popup.getByRole('alert').filter({ hasText: 'タイトルを入力してください' }).waitFor();
    await popup.getByLabel('タイトル').fill('契約のご相談');
    await popup.getByText('タイトルを入力してください').waitFor({ state: 'detached' });
    await popup.getByLabel('ゲストを招待する').check();
    await popup.getByLabel('ゲストの名前').fill('Pat Partner');
    await popup.getByLabel('ゲストのメールアドレス').fill(visitor);
    await popup.getByLabel('ゲストのタイムゾーン').selectOption('Europe/Paris');
    await shoot(host, 'ISSUE-16-booking-popup-ja');
    await popup.getByRole('button', { name: '保存' }).click();
    await popup.waitFor({ state: 'hidden' });
    const block = host.locator('.appointments__block', { hasText: '契約のご相談' });
    await block.waitFor();
    expect(await block.textContent()).to.contain('10:00–11:00');
    await shoot(host, 'ISSUE-16-calendar-day-ja');

    // the same lounge at an overlapping time is refused with the catalogue's message
    await host.getByRole('button', { name: '応接室1 9:00 新しい予約' }).click();
    await popup.getByLabel('開始').fill('10:30');
    await popup.getByLabel('終了').fill('11:30');
    await popup.getByLabel('タイトル').fill('別の打ち合わせ');
    await popup.getByRole('button', { name: '保存' }).click();
    await popup
      .getByRole('alert')
      .filter({ hasText: `応接室1は${day} 10:00〜11:00にすでに予約されています。` })
      .waitFor();
    await shoot(host, 'ISSUE-16-conflict-ja');
    await popup.getByRole('button', { name: '閉じる' }).click();
    await host.getByRole('button', { name: '週', exact: true }).click();
    await block.waitFor();
    await shoot(host, 'ISSUE-16-calendar-week-ja');

    // English
    await host.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await host.reload();
    await host.getByRole('heading', { name: 'Meeting rooms and guest lounges' }).waitFor();
    await host.getByRole('button', { name: 'Next' }).click();
    await block.waitFor();
    await shoot(host, 'ISSUE-16-calendar-day-en');
    await host.getByRole('button', { name: 'Week', exact: true }).click();
    await block.waitFor();
    await shoot(host, 'ISSUE-16-calendar-week-en');

    // the guest's mail: the link, their local time and the calendar file
    const mail = await world.smtp.next(visitor);
    expect(mail.text).to.contain('Europe/Paris');
    expect(mail.text).to.contain(`日本時間: ${day} 10:00 – 11:00`);
    const ics = mail.attachments.find((a) => a.filename === 'invite.ics')!;
    const start = new Date(`${day}T10:00:00+09:00`);
    const stamp = start.toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(ics.content).to.contain(`DTSTART:${stamp}\r\n`);
    const link = new URL(linkIn(mail, `/floors/${floorId}`));

    const guest = await pages.open('en-US');
    await guest.goto(onServer(world.server, link.href));
    const join = guest.getByRole('dialog', { name: 'Join as a guest' });
    await join.getByLabel('Display name').fill('Pat');
    await join.getByRole('button', { name: 'Enter the floor' }).click();
    await join.getByRole('alert').filter({ hasText: 'The appointment has not started yet.' }).waitFor();
    await shoot(guest, 'ISSUE-16-guest-not-started-en');

    clock.set(start); // the visit begins
    await join.getByRole('button', { name: 'Enter the floor' }).click();
    await guest.waitForURL(new RegExp(`/floors/${floorId}/live\\?app_id=`));
  });
});

describe('appointments: a member sees which rooms they may book', function () {
  this.timeout(120_000);
  const world = e2eWorld({ shots: SHOTS });

  it('a member with the guest-lounge flag only: the meeting rooms are hatched and say why, the lounges open the booking dialog', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'maybook', true);
    const floorId = await createPermanentFloor(world.server, owner, '営業フロア');
    const email = (await world.server.models.User.findOne({ where: { email: member!.email } }))!.email;
    const registered = await callApi(
      world.server,
      'POST',
      '/participant/register',
      { floorId, participants: [{ email, permissions: { receptionRoom: true } }] },
      owner.accessToken,
    );
    expect(registered.status, JSON.stringify(registered.json)).to.equal(201);
    const page = await world.pages.open('en-US', undefined, member!);
    await page.goto(world.url(`/floors/${floorId}/appointments`));
    await page.locator('.appointments__column-head', { hasText: 'Guest lounge 1' }).waitFor();
    const meeting = page.locator('[data-room="18"] .appointments__slot').first();
    expect(await meeting.getAttribute('aria-disabled')).to.equal('true');
    expect(await page.locator('[data-room="20"] .appointments__slot').first().getAttribute('aria-disabled')).to.equal(
      null,
    );
    await meeting.click({ force: true }); // aria-disabled: Playwright would wait
    await page.locator('.toast--warning').getByText('You need permission for this kind of room to book it').waitFor();
    expect(await page.getByRole('dialog').count()).to.equal(0);
    await shootAsIs(page, SHOTS, '25-appointments-not-yours-en');
    // a lounge opens the dialog; the meeting rooms are listed, not choosable
    await page.getByRole('button', { name: 'Guest lounge 1 10:00 New booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await dialog.waitFor();
    const option = dialog.locator('option', { hasText: 'Meeting room 1' });
    expect(await option.textContent()).to.equal('Meeting room 1 (not yours to book)');
    expect(await option.isDisabled()).to.equal(true);
    await page.screenshot({ path: `${SHOTS}25-appointments-dialog-not-yours-en-1280x800.png` });
  });

  it('books the meeting room she is in from the floor map: the booking popup opens over the floor with the room chosen', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'mapbook', false);
    const floorId = await createPermanentFloor(world.server, owner, 'Map floor');
    const page = await world.pages.open('ja-JP', undefined, owner);
    await page.goto(world.url(`/floors/${floorId}/live`));
    await moveTo(page, 18); // 会議室1
    await roomButton(page, 18).dispatchEvent('click'); // my own room: its popup
    const popup = page.getByRole('dialog', { name: '会議室1' });
    await popup.getByRole('button', { name: 'このルームを予約' }).click();
    const booking = page.getByRole('dialog', { name: '新しい予約' });
    await booking.waitFor();
    expect(await popup.isVisible(), 'the room popup makes way for the booking').to.equal(false);
    expect(await booking.getByLabel('部屋').locator('option:checked').textContent()).to.contain('会議室1');
    await booking.getByLabel('タイトル').fill('週次の定例');
    await shootAsIs(page, SHOTS, '28-book-from-map-ja');
    await booking.getByRole('button', { name: '保存' }).click();
    await booking.waitFor({ state: 'hidden' });
    const listed = await callApi(world.server, 'GET', `/appointments?floorId=${floorId}`, undefined, owner.accessToken);
    const today = (listed.json.data as { title: string; roomNumber: number }[]).map((a) => [a.title, a.roomNumber]);
    const tomorrow = await callApi(
      world.server,
      'GET',
      `/appointments?floorId=${floorId}&from=${japanDate(1)}T00:00&to=${japanDate(2)}T00:00`,
      undefined,
      owner.accessToken,
    );
    // the next whole hour today, or tomorrow morning late in the evening (Japan time)
    const booked = [
      ...today,
      ...(tomorrow.json.data as { title: string; roomNumber: number }[]).map((a) => [a.title, a.roomNumber]),
    ];
    expect(booked).to.deep.include(['週次の定例', 18]);
    // the room popup of a table offers no booking
    await moveTo(page, 8);
    await roomButton(page, 8).dispatchEvent('click');
    await page.getByRole('dialog', { name: 'テーブルA' }).waitFor();
    expect(await page.getByRole('button', { name: 'このルームを予約' }).count()).to.equal(0);
  });
});

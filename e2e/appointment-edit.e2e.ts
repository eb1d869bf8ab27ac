import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { callApi, DESKTOP, expectNoHorizontalOverflow, named, PHONE } from './support/auth';
import { createPermanentFloor, createTeam, japanDate } from './support/floors';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Issue 16 (s25rooms): an existing booking opened from the calendar and changed (time, room, guest). */
describe('appointments: editing a booking from the calendar', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  const shootBoth = async (page: Page, name: string) => {
    await page.screenshot({ path: `${SHOTS}${name}-1280x800.png` });
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}${name}-390x844.png` });
    await page.setViewportSize(DESKTOP);
  };

  it('moves a booking to another room and time (a clash refused with its message), then adds a guest who is mailed, takes them off and adds another', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'rebook', false);
    await named(world.server, owner, '山田 太郎');
    const floorId = await createPermanentFloor(world.server, owner, '営業フロア');
    const day = japanDate(1); // tomorrow, Japan time
    const rooms = (await callApi(world.server, 'GET', `/floors/${floorId}/rooms`, undefined, owner.accessToken)).json
      .data as { id: number; number: number }[];
    const roomId = (n: number) => rooms.find((r) => r.number === n)!.id;
    const book = async (room: number, title: string, start: string, end: string) => {
      const res = await callApi(
        world.server,
        'POST',
        '/appointments',
        { floorId, roomId: roomId(room), title, startAt: `${day}T${start}`, endAt: `${day}T${end}` },
        owner.accessToken,
      );
      expect(res.status, JSON.stringify(res.json)).to.equal(201);
      return (res.json.data as { id: number }).id;
    };
    const id = await book(18, '週次の打ち合わせ', '10:00', '11:00');
    await book(19, '採用面接', '13:00', '14:00');

    const host = await pages.open('ja-JP', undefined, owner);
    await host.goto(url(`/floors/${floorId}/appointments`));
    await host.getByRole('heading', { name: '会議室・応接室の予約' }).waitFor();
    await host.getByRole('button', { name: '次へ' }).click();
    const block = host.locator('.appointments__block', { hasText: '週次の打ち合わせ' });
    await block.click();
    const popup = host.getByRole('dialog', { name: '予約の編集' });
    expect(await popup.getByLabel('タイトル').inputValue()).to.equal('週次の打ち合わせ');
    expect(await popup.getByLabel('ゲストを招待する').isDisabled()).to.equal(false);

    // to meeting room 2 over the interview: refused with the catalogue's message, nothing saved
    await popup.getByLabel('部屋').selectOption({ label: '会議室2' });
    await popup.getByLabel('開始').fill('13:30');
    await popup.getByLabel('終了').fill('14:30');
    await popup.getByRole('button', { name: '保存' }).click();
    await popup
      .getByRole('alert')
      .filter({ hasText: `会議室2は${day} 13:00〜14:00にすでに予約されています。別の時間か部屋を選んでください。` })
      .waitFor();
    await shootBoth(host, 'ISSUE-16-booking-edit-conflict-ja');
    const unchanged = await callApi(world.server, 'GET', `/appointments/${id}`, undefined, owner.accessToken);
    expect(unchanged.json.data).to.deep.include({ roomId: roomId(18), startAt: `${day}T10:00:00+09:00` });

    // a free time in the same room is saved: the block moves to meeting room 2 at 15:00
    await popup.getByLabel('開始').fill('15:00');
    await popup.getByLabel('終了').fill('16:00');
    await popup.getByRole('button', { name: '保存' }).click();
    await popup.waitFor({ state: 'hidden' });
    await host.locator('.toast--success').filter({ hasText: '予約を更新しました' }).waitFor();
    const moved = host.locator('.appointments__column[data-room="19"] .appointments__block', {
      hasText: '週次の打ち合わせ',
    });
    await moved.waitFor();
    expect(await moved.textContent()).to.contain('15:00–16:00');
    expect(await host.locator('.appointments__column[data-room="18"] .appointments__block').count()).to.equal(0);
    const saved = await callApi(world.server, 'GET', `/appointments/${id}`, undefined, owner.accessToken);
    expect(saved.json.data).to.deep.include({
      roomId: roomId(19),
      startAt: `${day}T15:00:00+09:00`,
      endAt: `${day}T16:00:00+09:00`,
    });

    // the guest: added to the booking made without one, a wrong address refused at its field
    await moved.click();
    await popup.getByLabel('ゲストを招待する').check();
    await popup.getByLabel('ゲストの名前').fill('Pat Partner');
    await popup.getByLabel('ゲストのメールアドレス').fill('not-an-address');
    await popup.getByRole('button', { name: '保存' }).click();
    await popup.getByRole('alert').first().waitFor();
    const still = await callApi(world.server, 'GET', `/appointments/${id}`, undefined, owner.accessToken);
    expect((still.json.data as { guest: unknown }).guest).to.equal(null);
    await popup.getByLabel('ゲストのメールアドレス').fill('pat@partner.example');
    await shootBoth(host, 'ISSUE-16-booking-edit-guest-ja');
    await popup.getByRole('button', { name: '保存' }).click();
    await popup.waitFor({ state: 'hidden' });
    await host.locator('.toast--success').filter({ hasText: 'ゲストを登録し、招待メールを送信しました' }).waitFor();
    await moved.filter({ hasText: 'Pat Partner' }).waitFor();
    const mail = await world.smtp.next('pat@partner.example');
    expect(mail.text).to.contain('会議室2');
    expect(mail.text).to.contain(`${day} 15:00`);
    const patLink = /app_id=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    // reopened in Japanese: the guest can be taken off
    await moved.click();
    await popup.getByRole('button', { name: 'ゲストを外す' }).waitFor();
    expect(await popup.getByLabel('ゲストの名前').isDisabled()).to.equal(true);
    await shootBoth(host, 'S26-booking-guest-remove-ja');
    await popup.getByRole('button', { name: '閉じる' }).click();
    await popup.waitFor({ state: 'hidden' });

    // reopened: the guest is fixed now; English
    await host.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await host.reload();
    await host.getByRole('button', { name: 'Next' }).click();
    await host.locator('.appointments__block', { hasText: '週次の打ち合わせ' }).click();
    const english = host.getByRole('dialog', { name: 'Edit booking' });
    expect(await english.getByLabel('Invite a guest').isDisabled()).to.equal(true);
    expect(await english.getByLabel('Room').inputValue()).to.equal(String(roomId(19)));
    await shootBoth(host, 'ISSUE-16-booking-edit-en');

    // the guest replaced: taken off (the dialog stays open, the guest fields empty again), another added
    await english.getByRole('button', { name: 'Remove guest' }).click();
    await host
      .locator('.toast--success')
      .filter({ hasText: 'The guest was taken off the booking; their link no longer opens it' })
      .waitFor();
    expect(await english.getByLabel('Invite a guest').isDisabled()).to.equal(false);
    expect(await english.getByLabel('Invite a guest').isChecked()).to.equal(false);
    expect(await english.getByRole('button', { name: 'Remove guest' }).count()).to.equal(0);
    await shootBoth(host, 'S26-booking-guest-removed-en');
    const gone = await callApi(world.server, 'POST', `/floors/${floorId}/join-guest`, {
      participantId: patLink,
      name: 'Pat',
    });
    expect([gone.status, (gone.json as { error?: { code: string } }).error?.code]).to.deep.equal([
      400,
      'INVALID_FLOOR_LINK',
    ]);
    await english.getByLabel('Invite a guest').check();
    await english.getByLabel('Guest name').fill('Kim Partner');
    await english.getByLabel('Guest e-mail').fill('kim@partner.example');
    await english.getByRole('button', { name: 'Save' }).click();
    await english.waitFor({ state: 'hidden' });
    await host
      .locator('.toast--success')
      .filter({ hasText: 'The guest was registered and the invitation sent' })
      .waitFor();
    await host.locator('.appointments__block', { hasText: 'Kim Partner' }).waitFor();
    expect(await world.smtp.next('kim@partner.example'))
      .to.have.property('text')
      .that.contains('app_id=');

    // cancelled, after saying what follows: kept once (nothing changes), then cancelled and the guest mailed
    await host.locator('.appointments__block', { hasText: 'Kim Partner' }).click();
    await english.getByRole('button', { name: 'Cancel booking' }).click();
    const asked = host.getByRole('dialog', { name: 'Cancel this booking?' });
    await asked.getByText('Kim Partner is told by e-mail that the visit is cancelled').waitFor();
    await shootBoth(host, 'booking-cancel-confirm-en');
    await asked.getByRole('button', { name: 'Keep it' }).click();
    await asked.waitFor({ state: 'hidden' });
    await english.getByRole('button', { name: 'Cancel booking' }).click();
    await asked.getByRole('button', { name: 'Cancel booking' }).click();
    await host.locator('.toast--success').filter({ hasText: 'The appointment was cancelled' }).waitFor();
    await host.locator('.appointments__block', { hasText: 'Kim Partner' }).waitFor({ state: 'detached' });
    const cancelled = await world.smtp.next('kim@partner.example', /^Cancelled/);
    expect(cancelled.attachments.map((a) => a.filename)).to.deep.equal(['cancel.ics']);
  });
});

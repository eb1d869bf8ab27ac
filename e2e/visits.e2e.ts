import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ManualClock } from '../server/src/testing/clock';
import { linkIn } from '../server/src/testing/smtp';
import { DESKTOP, named } from './support/auth';
import { createPermanentFloor, createTeam, japanDate } from './support/floors';
import { liveJoined, moveTo, receiving, RECORD_PEER_CONNECTIONS } from './support/media';
import { onServer, shootAsIs } from './support/team';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const MINUTE = 60_000;

describe('guest visits: the guest waits, knocks and is let in; reminder, extend and the end of the visit', function () {
  this.timeout(400_000);
  // the server's clock (time rules, appointment events) stands still until the test moves it
  const clock = new ManualClock(new Date());
  const world = e2eWorld({ shots: SHOTS, clock });
  const { pages, url } = world;
  const shoot = (page: Page, name: string) => shootAsIs(page, SHOTS, name);
  const tick = () => world.server.features.visits.tick();
  const switchTo = async (page: Page, locale: 'ja' | 'en') => {
    await page.context().addCookies([{ name: 'tsudoi_locale', value: locale, url: world.server.url }]);
    await page.reload();
    await liveJoined(page);
  };

  it('books guest lounge 1; the guest opens the mailed link, knocks, is let in; both receive each other; extended at the reminder; ended', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'visits', false);
    await named(world.server, owner, '山田 太郎');
    const floorId = await createPermanentFloor(world.server, owner, '営業フロア');
    const visitor = 'pat@partner.example';
    const day = japanDate(1);
    const start = new Date(`${day}T10:00:00+09:00`);

    // the host books guest lounge 1 from the calendar, with the guest
    const host = await pages.open('ja-JP', undefined, owner);
    await host.context().addInitScript(RECORD_PEER_CONNECTIONS);
    // the browser's notifications, granted and recorded (the web build's desktop notification); a plain
    // script: the page runs it as is, without the test compiler's helpers
    await host.context().addInitScript(`
      window.shownNotifications = [];
      function Recorded(title, options) {
        window.shownNotifications.push({ title, body: (options && options.body) || '' });
      }
      Recorded.permission = 'granted';
      Recorded.requestPermission = () => Promise.resolve('granted');
      Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
    `);
    await host.goto(url(`/floors/${floorId}/appointments`));
    await host.locator('.appointments__column-head', { hasText: '応接室1' }).waitFor();
    await host.getByRole('button', { name: '次へ' }).click();
    await host.getByRole('button', { name: '応接室1 10:00 新しい予約' }).click();
    const popup = host.getByRole('dialog', { name: '新しい予約' });
    await popup.getByLabel('タイトル').fill('契約のご相談');
    await popup.getByLabel('ゲストを招待する').check();
    await popup.getByLabel('ゲストの名前').fill('Pat Partner');
    await popup.getByLabel('ゲストのメールアドレス').fill(visitor);
    await popup.getByRole('button', { name: '保存' }).click();
    await popup.waitFor({ state: 'hidden' });
    const link = new URL(linkIn(await world.smtp.next(visitor), `/floors/${floorId}`));

    // a guest holding a wrong or old link asks for theirs again from the page that refuses it
    const lost = await pages.open('en-US');
    await lost.goto(url(`/floors/${floorId}?app_id=not-a-link`));
    const resend = lost.getByRole('form', { name: 'Booked a visit and lost your link?' });
    await resend.getByLabel('E-mail address').fill(visitor);
    await resend.getByRole('button', { name: 'Send my link' }).click();
    await resend.getByRole('status').filter({ hasText: 'If this address has a visit on this floor' }).waitFor();
    await shoot(lost, '28-visit-link-resend-en');
    expect(new URL(linkIn(await world.smtp.next(visitor), `/floors/${floorId}`)).href).to.equal(link.href);
    await lost.close();

    // the guest opens the link early: they wait on the dialog
    clock.set(new Date(start.getTime() - 5 * MINUTE));
    const guest = await pages.open('en-US');
    await guest.context().addInitScript(RECORD_PEER_CONNECTIONS);
    await guest.goto(onServer(world.server, link.href));
    const join = guest.getByRole('dialog', { name: 'Join as a guest' });
    await join.getByLabel('Display name').fill('Pat');
    await join.getByRole('button', { name: 'Enter the floor' }).click();
    const early = join.locator('[data-visit-early]');
    await early.getByText('The appointment has not started yet.').waitFor();
    await early.getByText('you will be let onto the floor when your visit starts').waitFor();
    await shoot(guest, 'ISSUE-16-guest-early-en');

    // the visit begins: the host is on the floor, the guest goes in
    clock.set(start);
    await tick();
    await host.goto(url(`/floors/${floorId}/live`));
    await liveJoined(host);
    await join.getByRole('button', { name: 'Enter the floor' }).click();
    await guest.waitForURL(new RegExp(`/floors/${floorId}/live\\?app_id=`));
    await liveJoined(guest);
    // the host is told of the arrival before any knock: a desktop notification and a toast
    await host.locator('.toast--success').filter({ hasText: 'Patさんが到着し、ロビーでお待ちです' }).waitFor();
    const notes = await host.waitForFunction(() => {
      const shown = (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications;
      return shown.length > 0 ? shown : null;
    });
    expect(await notes.jsonValue()).to.deep.equal([
      {
        title: 'ゲストが来訪しました: Pat',
        body: '「契約のご相談」（応接室1）のゲストがロビーに到着しました。まもなくノックがあります。',
      },
    ]);

    // the standby dialog: who, where, when; knock
    const standby = guest.getByRole('dialog', { name: 'Waiting for your host' });
    await standby.waitFor();
    expect(await standby.textContent()).to.contain('“契約のご相談” in Guest lounge 1, 10:00–11:00 (Japan time)');
    await shoot(guest, 'ISSUE-16-standby-en');
    await switchTo(guest, 'ja');
    const standbyJa = guest.getByRole('dialog', { name: 'ホストをお待ちください' });
    await standbyJa.waitFor();
    await shoot(guest, 'ISSUE-16-standby-ja');
    await standbyJa.getByRole('button', { name: 'ノックする' }).click();
    await standbyJa.locator('[role="status"]').filter({ hasText: 'ノックしました' }).waitFor();
    await guest.locator('[data-visit-standby="knocking"]').waitFor();
    await shoot(guest, 'ISSUE-16-standby-knocking-ja');

    // the host's knock card (it survives a reload: the lobby lists it again)
    const card = host.getByRole('alertdialog', { name: 'Patさんが来訪しました' });
    await card.waitFor();
    await shoot(host, 'ISSUE-16-knock-ja');
    await switchTo(host, 'en');
    const cardEn = host.getByRole('alertdialog', { name: 'Pat is at the door' });
    await cardEn.waitFor();
    await shoot(host, 'ISSUE-16-knock-en');
    await cardEn.getByRole('button', { name: 'Let in', exact: true }).click();
    await cardEn.waitFor({ state: 'detached' });

    // admitted: the guest is in lounge 1 (the dialog closes); the host joins; each receives the other
    await standbyJa.waitFor({ state: 'detached' });
    await guest.locator('[data-room="20"] .floor-room__face--self').waitFor();
    await moveTo(host, 20);
    await receiving(host, 1, 1, 40_000);
    await receiving(guest, 1, 1, 40_000);

    // 15 minutes before the end: the reminder; the host extends by 30 minutes
    clock.set(new Date(start.getTime() + 45 * MINUTE));
    await tick();
    const reminder = host.locator('[data-visit-reminder]');
    await reminder.getByText('15 minutes left').waitFor();
    await guest.locator('[data-visit-reminder]').getByText('残り15分です').waitFor();
    expect(await guest.locator('[data-visit-reminder]').getByRole('button', { name: /延長/ }).count()).to.equal(0);
    await shoot(host, 'ISSUE-16-reminder-en');
    await reminder.getByRole('button', { name: 'Extend 30 min' }).click();
    await reminder.waitFor({ state: 'detached' });
    await guest.getByText('11:30まで延長しました').waitFor();
    await guest.locator('[data-visit-reminder]').waitFor({ state: 'detached' });

    // the old end passes without an end; at the new end the guest sees the ended screen, the host stays
    clock.set(new Date(start.getTime() + 61 * MINUTE));
    await tick();
    expect(await guest.getByRole('dialog', { name: '面談は終了しました' }).count()).to.equal(0);
    clock.set(new Date(start.getTime() + 90 * MINUTE));
    await tick();
    const ended = guest.getByRole('dialog', { name: '面談は終了しました' });
    await ended.waitFor();
    expect(await ended.textContent()).to.contain('ご来訪ありがとうございました');
    // the refused rejoin after the end adds no second message under the dialog
    await guest.waitForTimeout(1500);
    expect(await guest.getByText('予約は終了しました。').count()).to.equal(0);
    await shoot(guest, 'ISSUE-16-visit-ended-ja');
    await host.setViewportSize(DESKTOP);
    expect(await host.locator('.live[data-live-status="joined"]').count()).to.equal(1);
  });
});

import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoHorizontalOverflow, PHONE, named } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import type { TestServer } from '../server/src/testing/test-server';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

const mapOf = (page: Page) => page.getByRole('group', { name: /^(フロアマップ|Floor map)$/ });
const face = (page: Page, room: number, userId: number) =>
  mapOf(page).locator(`[data-room="${room}"] [data-person="${userId}"]`);
const ring = (page: Page) => page.getByTestId('invitation-ring');
const card = (page: Page, title: RegExp | string) => page.getByRole('alertdialog', { name: title });

/** The page as it is (no reload: live state would go) at both sizes, checked for horizontal overflow. */
async function shootBoth(page: Page, name: string, locale: 'ja' | 'en') {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(350); // the cards' entry animation
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}${name}-${locale}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(DESKTOP);
  // Cards placed by the window's size (the tour's coach mark) glide back for 220 ms: a click before they
  // settle lands where a button was, not where it is.
  await page.waitForTimeout(350);
}

async function setLocale(server: TestServer, pages: Page[], locale: 'ja' | 'en') {
  for (const page of pages) {
    await page.context().addCookies([{ name: 'tsudoi_locale', value: locale, url: server.url }]);
    await page.reload();
  }
}

describe('floors: room invitations and the host’s removals', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('invites into a room (accepted, declined, timed out) and kicks a member out', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'invite', true);
    const ownerId = await named(world.server, owner, '山田 太郎');
    const memberId = await named(world.server, member!, 'Mia Chen');
    const floorId = await createPermanentFloor(world.server, owner, '招待のオフィス');
    const host = await pages.open('ja-JP', undefined, owner);
    const guest = await pages.open('ja-JP', undefined, member!);
    await host.goto(url(`/floors/${floorId}/live`));
    await guest.goto(url(`/floors/${floorId}/live`));
    await face(host, 1, memberId).waitFor();
    await face(guest, 1, ownerId).waitFor();

    // The host goes to 会議室2 and invites the member from her face's popup.
    await mapOf(host)
      .getByRole('button', { name: /^会議室2、/ })
      .click();
    await face(host, 19, ownerId).waitFor();
    await face(host, 1, memberId).click();
    const popup = host.getByRole('dialog', { name: 'Mia Chen' });
    await popup.getByText('エントランスにいます').waitFor();
    await shootBoth(host, 'floor-person-popup', 'ja');
    // the countdown as first drawn, long after the page opened: never more than the invitation's 10 s
    await guest.evaluate(() => {
      const drawn: string[] = [];
      (window as unknown as { __firstCountdown: string[] }).__firstCountdown = drawn;
      new MutationObserver(() => {
        const timer = document.querySelector('.invite-card--received [role="timer"]');
        if (timer && drawn.length === 0) drawn.push(timer.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await popup.getByRole('button', { name: '自分のルームに招待' }).click();
    await popup.getByText('招待を送りました。応答を待っています…').waitFor();
    await popup.getByRole('button', { name: '閉じる' }).click();
    await host.getByRole('status').filter({ hasText: 'Mia Chenさんの応答を待っています' }).waitFor();

    // The member's card rings with a countdown; joining moves her, and the ring stops on both sides.
    const invitation = card(guest, '山田 太郎さんからの招待');
    await invitation.getByText('会議室2に招待されています。').waitFor();
    expect(await ring(guest).getAttribute('data-ringing')).to.equal('on');
    expect(await invitation.getByRole('timer').textContent()).to.match(/^残り (10|9|8|7) 秒$/);
    expect(await guest.evaluate(() => (window as unknown as { __firstCountdown: string[] }).__firstCountdown)).to.match(
      /^残り (10|9) 秒$/,
    );
    await shootBoth(guest, 'floor-invitation-card', 'ja');
    await shootBoth(host, 'floor-invitation-sent', 'ja');
    await invitation.getByRole('button', { name: '参加する' }).click();
    await invitation.waitFor({ state: 'detached' });
    expect(await ring(guest).getAttribute('data-ringing')).to.equal('off');
    await face(guest, 19, memberId).waitFor();
    await face(host, 19, memberId).waitFor();
    await host
      .getByRole('status')
      .filter({ hasText: 'Mia Chenさんの応答を待っています' })
      .waitFor({ state: 'detached' });

    // A second invitation, from 会議室1, is left unanswered: it ends by itself after 10 s on both sides.
    await mapOf(host)
      .getByRole('button', { name: /^会議室1、/ })
      .click();
    await face(host, 18, ownerId).waitFor();
    // A host may pick another room than their own: my room is the default, here the entrance is chosen.
    await face(host, 19, memberId).click();
    const target = popup.getByRole('combobox', { name: '招待先のルーム' });
    expect(await target.locator('option:checked').textContent()).to.equal('会議室1（自分のルーム）');
    await target.selectOption({ label: 'エントランス' });
    await popup.getByText('エントランスへの招待を送ります。').waitFor();
    await popup.getByRole('button', { name: 'このルームに招待' }).click();
    await popup.getByRole('button', { name: '閉じる' }).click();
    const second = card(guest, '山田 太郎さんからの招待');
    await second.getByText('エントランスに招待されています。').waitFor();
    const sentAt = Date.now();
    await second.waitFor({ state: 'detached', timeout: 15_000 });
    const lasted = Date.now() - sentAt;
    expect(lasted, 'the card lasted its 10 s').to.be.within(8_000, 13_000);
    expect(await ring(guest).getAttribute('data-ringing')).to.equal('off');
    await host
      .getByRole('status')
      .filter({ hasText: 'Mia Chenさんの応答を待っています' })
      .waitFor({ state: 'detached' });
    expect(await face(guest, 19, memberId).count(), 'not moved').to.equal(1);

    // In English: the card once more (declined this time), for the screenshots.
    await setLocale(world.server, [host, guest], 'en');
    await face(host, 19, memberId).click();
    const popupEn = host.getByRole('dialog', { name: 'Mia Chen' });
    await popupEn.getByText('In Meeting room 2').waitFor();
    await shootBoth(host, 'floor-person-popup', 'en');
    await popupEn.getByRole('button', { name: 'Invite to my room' }).click();
    await popupEn.getByRole('button', { name: 'Close' }).click();
    const english = card(guest, '山田 太郎 invites you');
    await english.getByText('Join them in Meeting room 1?').waitFor();
    await shootBoth(guest, 'floor-invitation-card', 'en');
    await shootBoth(host, 'floor-invitation-sent', 'en');
    await english.getByRole('button', { name: 'Decline' }).click();
    await english.waitFor({ state: 'detached' });
    await host.getByRole('status').filter({ hasText: 'Waiting for Mia Chen' }).waitFor({ state: 'detached' });

    // The host's removal asks first; screenshots of the question in both languages.
    await face(host, 19, memberId).click();
    await popupEn.getByRole('button', { name: 'Remove from the floor' }).click();
    const confirmEn = host.getByRole('dialog', { name: 'Remove Mia Chen from the floor?' });
    await confirmEn.waitFor();
    await shootBoth(host, 'floor-kick-dialog', 'en');
    await confirmEn.getByRole('button', { name: 'Cancel' }).click();
    await confirmEn.waitFor({ state: 'hidden' });
    expect(await face(host, 19, memberId).count(), 'cancel removes nobody').to.equal(1);

    await setLocale(world.server, [host, guest], 'ja');
    await face(host, 19, memberId).click();
    await popup.getByRole('button', { name: 'フロアから退出させる' }).click();
    const confirm = host.getByRole('dialog', { name: 'Mia Chenさんをフロアから退出させますか？' });
    await shootBoth(host, 'floor-kick-dialog', 'ja');
    await confirm.getByRole('button', { name: '退出させる' }).click();
    await face(host, 19, memberId).waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'hidden' });

    // The member is told, in her language, and offered the way out.
    const removed = guest.getByRole('dialog', { name: 'フロアから退出しました' });
    await removed.getByText('ホストによってフロアから退出させられました。').waitFor();
    await shootBoth(guest, 'floor-kicked-out', 'ja');
    await removed.getByRole('link', { name: 'フロアの紹介へ' }).click();
    await guest.waitForURL(`**/floors/${floorId}`);
  });

  it('guides the first floor creation: four coach marks, skippable, remembered, reopened by the guide button', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'tutorial', false);
    const page = await pages.open('ja-JP', undefined, owner);
    for (const locale of ['ja', 'en'] as const) {
      await page.context().addCookies([{ name: 'tsudoi_locale', value: locale, url: world.server.url }]);
      await page.goto(url('/floors/create'));
      const tour = page.getByRole('dialog', { name: locale === 'ja' ? 'フロアの基本設定' : 'Floor settings' });
      await tour.waitFor();
      const next = page
        .locator('.tour__card')
        .getByRole('button', { name: locale === 'ja' ? '次へ' : 'Next', exact: true });
      for (const [i, step] of (['settings', 'datetime', 'plan', 'invite'] as const).entries()) {
        await page.locator(`[data-tour-card="${step}"]`).waitFor();
        await page.waitForTimeout(300); // the spotlight glides to its target
        if (i === 0 || i === 2 || locale === 'ja') await shootBoth(page, `floor-tutorial-${step}`, locale);
        if (i < 3) await next.click();
      }
      await page
        .locator('.tour__card')
        .getByRole('button', { name: locale === 'ja' ? 'はじめる' : 'Get started' })
        .click();
      await page.locator('.tour').waitFor({ state: 'detached' });
      await page.goto(url('/floors/create'));
      await page.locator('.wizard-stepper').waitFor();
      expect(await page.locator('.tour').count(), 'remembered once finished').to.equal(0);
      await page.getByRole('button', { name: locale === 'ja' ? 'ガイドを見る' : 'Show the guide' }).click();
      await page.locator('[data-tour-card="settings"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.tour').waitFor({ state: 'detached' });
      await page.evaluate(() => window.localStorage.removeItem('tsudoi:skipHostGuide'));
    }
  });
});

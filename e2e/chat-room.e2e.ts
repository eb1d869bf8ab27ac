import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoHorizontalOverflow, named, PHONE } from './support/auth';
import { bubble, say, thread } from './support/chat';
import { createPermanentFloor, createTeam } from './support/floors';
import { enterAsGuest, publicFloor } from './support/guest';
import { e2eWorld } from './support/world';
import { liveJoined } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

const mapOf = (page: Page) => page.getByRole('group', { name: /^(フロアマップ|Floor map)$/ });
const launcher = (page: Page) => page.locator('.floor-chat__launcher');
const panel = (page: Page) => page.locator('aside.floor-chat');
const connected = (page: Page) => liveJoined(page);

/**
 * What a page does that a test cannot see on screen: the chat events it
 * sends over its sockets, and the received-message chimes it plays (each
 * chime starts two Web Audio oscillators). Installed before the page loads.
 */
async function watchPage(page: Page) {
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))));
  await page.addInitScript(`(() => {
    window.__oscillators = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      window.__oscillators += 1;
      return start.apply(this, args);
    };
  })()`);
  return {
    /** How many frames named this chat event the page sent. */
    sent: (event: string) => sent.filter((f) => f.includes(`"${event}"`)).length,
    chimes: async () => ((await page.evaluate('window.__oscillators')) as number) / 2,
  };
}

/** Both views of the page as it is (no reload), checked for horizontal overflow. */
async function shootBoth(page: Page, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}${name}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

describe('chat: the table reaches everyone at it, and a person card sends a message', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('a table-mate who never opened the chat gets the badge, the chime and the message — also after a reload', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'table2', true);
    await named(world.server, owner, '山田 太郎');
    await named(world.server, member!, 'Mia Chen');
    const floorId = await createPermanentFloor(world.server, owner, 'テーブルのオフィス');
    const a = await pages.open('ja-JP', undefined, owner);
    const b = await pages.open('ja-JP', undefined, member!);
    const seen = await watchPage(b);
    await a.goto(url(`/floors/${floorId}/live`));
    await b.goto(url(`/floors/${floorId}/live`));
    for (const page of [a, b]) await connected(page);

    // Both sit at the entrance. A opens the table chat and writes; B never opens the chat.
    await launcher(a).click();
    await panel(a)
      .getByRole('tab', { name: /エントランス/ })
      .click();
    await thread(a).getByRole('textbox', { name: 'メッセージ' }).waitFor();
    await say(a, 'テーブルの皆さん、10 分後に始めます');
    await bubble(a, 'テーブルの皆さん、10 分後に始めます').waitFor();

    // B: the unread badge on the chat button and in the header, and one chime — without a chat:join.
    await launcher(b).getByLabel('未読 1 件').waitFor();
    await b.getByRole('navigation').getByLabel('未読 1 件').waitFor();
    expect(await seen.chimes()).to.equal(1);
    expect(seen.sent('chat:join')).to.equal(0);
    await shootBoth(b, 'chat-table-unread-ja');

    // A reload (in English, then back in Japanese): the badge is still there — the table's conversation is B's
    // on the server, not a panel's.
    const setLocale = (locale: 'ja' | 'en') =>
      b.context().addCookies([{ name: 'tsudoi_locale', value: locale, url: world.server.url }]);
    await setLocale('en');
    await b.reload();
    await liveJoined(b);
    await launcher(b).getByLabel('1 unread').waitFor();
    await shootBoth(b, 'chat-table-unread-en');
    await setLocale('ja');
    await b.reload();
    await connected(b);
    await launcher(b).getByLabel('未読 1 件').waitFor();
    expect(seen.sent('chat:join')).to.equal(0);

    // B opens the chat: the table tab carries the count; on it, the message; then the count is gone.
    await launcher(b).click();
    const table = panel(b).getByRole('tab', { name: /エントランス/ });
    expect(await table.locator('.chat-badge').textContent()).to.equal('1');
    await table.click();
    const received = bubble(b, 'テーブルの皆さん、10 分後に始めます');
    await received.waitFor();
    expect(await received.textContent()).to.contain('山田 太郎');
    await b.getByRole('navigation').getByLabel('未読 1 件').waitFor({ state: 'detached' });

    // Read on the server too: after another reload nothing is unread, and the history is there.
    await b.reload();
    await connected(b);
    await b.waitForTimeout(500);
    expect(await launcher(b).locator('.chat-badge').count()).to.equal(0);
    await launcher(b).click();
    await panel(b)
      .getByRole('tab', { name: /エントランス/ })
      .click();
    await bubble(b, 'テーブルの皆さん、10 分後に始めます').waitFor();

    // Someone at another table hears nothing of it.
    await mapOf(a)
      .getByRole('button', { name: /^会議室2、/ })
      .click();
    await mapOf(a).locator('[data-room="19"] .floor-room__face--self').waitFor();
    await say(b, 'ここだけの話');
    await bubble(b, 'ここだけの話').waitFor();
    await a.waitForTimeout(800);
    expect(await a.getByRole('navigation').locator('.chat-badge').count()).to.equal(0);
  });

  it("sends a message from a person's card: a private chat between members, a guest and the host both ways", async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'card', true);
    const ownerId = await named(world.server, owner, '山田 太郎');
    const memberId = await named(world.server, member!, 'Mia Chen');
    const { floorId, appId } = await publicFloor(world.server, owner, 'Card studio');
    const a = await pages.open('ja-JP', undefined, owner);
    const b = await pages.open('ja-JP', undefined, member!);
    await a.goto(url(`/floors/${floorId}/live`));
    await b.goto(url(`/floors/${floorId}/live`));
    for (const page of [a, b]) await connected(page);

    // A opens Mia's card and sends her a message: the floor's chat panel opens on a tab with her.
    await mapOf(a).locator(`[data-person="${memberId}"]`).click();
    const card = a.getByRole('dialog', { name: 'Mia Chen' });
    await card.getByRole('button', { name: 'メッセージを送る' }).waitFor();
    await shootBoth(a, 'floor-person-message-ja');
    await card.getByRole('button', { name: 'メッセージを送る' }).click();
    await card.waitFor({ state: 'hidden' });
    const withMia = panel(a).getByRole('tab', { name: 'Mia Chen' });
    expect(await withMia.getAttribute('aria-selected')).to.equal('true');
    await say(a, '少しお話しできますか？');
    await bubble(a, '少しお話しできますか？').waitFor();
    await shootBoth(a, 'chat-floor-direct-ja');

    // Mia sees the unread count in the header; her own card of him opens the same conversation.
    await b.getByRole('navigation').getByLabel('未読 1 件').waitFor();
    await mapOf(b).locator(`[data-person="${ownerId}"]`).click();
    await b.getByRole('dialog', { name: '山田 太郎' }).getByRole('button', { name: 'メッセージを送る' }).click();
    await bubble(b, '少しお話しできますか？').waitFor();
    await say(b, 'はい、どうぞ');
    await bubble(a, 'はい、どうぞ').waitFor();

    // An account-less guest: on the host's card, "Message the host" opens the guest's own conversation.
    const guest = await pages.open('en-US');
    await enterAsGuest(guest, url(`/floors/${floorId}?app_id=${appId}`), floorId, 'Gina Rossi');
    await mapOf(guest).locator(`[data-person="${ownerId}"]`).click();
    const hostCard = guest.getByRole('dialog', { name: '山田 太郎' });
    await hostCard.getByRole('button', { name: 'Message the host' }).waitFor();
    await shootBoth(guest, 'floor-person-message-host-en');
    await hostCard.getByRole('button', { name: 'Message the host' }).click();
    expect(await panel(guest).getByRole('tab', { name: 'Host' }).getAttribute('aria-selected')).to.equal('true');
    const box = thread(guest).getByRole('textbox', { name: 'Message' });
    await box.fill('Is the demo at 3?');
    await box.press('Enter');
    await bubble(guest, 'Is the demo at 3?').waitFor();
    // No private chat with other members for a guest: Mia's card offers none.
    await guest.keyboard.press('Escape');
    await mapOf(guest).locator(`[data-person="${memberId}"]`).click();
    const miaCard = guest.getByRole('dialog', { name: 'Mia Chen' });
    await miaCard.waitFor();
    expect(await miaCard.getByRole('button', { name: /^Message/ }).count()).to.equal(0);
    await guest.keyboard.press('Escape');

    // The host answers from the guest's card: the guest's conversation, with her question in it.
    const gina = mapOf(a).getByRole('button', { name: /^Gina Rossi/ });
    await gina.click();
    await a.getByRole('dialog', { name: 'Gina Rossi' }).getByRole('button', { name: 'メッセージを送る' }).click();
    expect(await panel(a).getByRole('tab', { name: 'Gina Rossi' }).getAttribute('aria-selected')).to.equal('true');
    await bubble(a, 'Is the demo at 3?').waitFor();
    await say(a, 'Yes, in 会議室1');
    await bubble(guest, 'Yes, in 会議室1').waitFor();
    await shootBoth(guest, 'chat-floor-host-en');
    // A member who is not a host is not offered a guest's card.
    await mapOf(b)
      .getByRole('button', { name: /^Gina Rossi/ })
      .click();
    const ginaForMia = b.getByRole('dialog', { name: 'Gina Rossi' });
    await ginaForMia.waitFor();
    expect(await ginaForMia.getByRole('button', { name: 'メッセージを送る' }).count()).to.equal(0);

    // In English, after a reload: the card opens the conversation with Mia again, its history in it.
    await a.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await a.reload();
    await liveJoined(a);
    await mapOf(a).locator(`[data-person="${memberId}"]`).click();
    await a.getByRole('dialog', { name: 'Mia Chen' }).getByRole('button', { name: 'Send message' }).click();
    await bubble(a, 'はい、どうぞ').waitFor();
    await shootBoth(a, 'chat-floor-direct-en');
  });
});

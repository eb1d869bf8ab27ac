import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { named } from './support/auth';
import { bubble, thread } from './support/chat';
import { createTeam } from './support/floors';
import { enterAsGuest, publicFloor } from './support/guest';
import { e2eWorld } from './support/world';
import { shootAsIs } from './support/team';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Opens the live floor's chat panel on one of its tabs. */
async function openPanel(page: Page, tab: string) {
  await page.locator('.floor-chat__launcher').click();
  const panel = page.locator('aside.floor-chat');
  await panel.getByRole('tab', { name: tab }).click();
  await thread(page).waitFor();
  return panel;
}

/** Types into the open thread's composer (ja or en label) and sends with Enter. */
async function write(page: Page, text: string) {
  const box = thread(page).getByRole('textbox', { name: /^(メッセージ|Message)$/ });
  await box.fill(text);
  await box.press('Enter');
}

const shoot = (page: Page, name: string) => shootAsIs(page, SHOTS, name);

describe('chat: an account-less guest on a floor', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('a guest and a member talk live in the whole-floor chat; the guest asks the host side privately', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'chatguest', true);
    await named(world.server, owner, '山田 太郎');
    await named(world.server, member!, '佐藤 美緒');
    const { floorId, appId } = await publicFloor(world.server, owner, 'Open studio');

    const mate = await pages.open('ja-JP', undefined, member!);
    await mate.goto(url(`/floors/${floorId}/live`));
    const guest = await pages.open('en-US');
    await enterAsGuest(guest, url(`/floors/${floorId}?app_id=${appId}`), floorId, 'Gina Rossi');

    // Both open the whole-floor tab; the guest's message reaches the member live, and the answer comes back.
    const guestPanel = await openPanel(guest, 'Whole floor');
    expect(await guestPanel.getByRole('heading', { name: 'Floor chat' }).count()).to.equal(1);
    await openPanel(mate, 'フロア全体');
    await write(guest, 'Hello from the guest');
    const heard = bubble(mate, 'Hello from the guest');
    await heard.waitFor();
    expect(await heard.textContent()).to.contain('Gina Rossi');
    await write(mate, 'ようこそ、Gina さん');
    await bubble(guest, 'ようこそ、Gina さん').waitFor();
    expect(await bubble(guest, 'ようこそ、Gina さん').textContent()).to.contain('佐藤 美緒');
    await shoot(guest, 'chat-guest-floor-en');
    await shoot(mate, 'chat-guest-floor-ja');

    // The guest's own conversation with the host side: it appears live in the host's /chat.
    const host = await pages.open('ja-JP', undefined, owner);
    await host.goto(url('/chat'));
    await host.getByText('まだ会話がありません').waitFor();
    await guestPanel.getByRole('tab', { name: 'Host' }).click();
    await thread(guest).waitFor();
    await write(guest, 'Where is the stage?');
    await bubble(guest, 'Where is the stage?').waitFor();
    await host
      .getByRole('list', { name: '会話' })
      .getByRole('button', { name: /Gina Rossi/ })
      .click();
    await bubble(host, 'Where is the stage?').waitFor();
    await write(host, '2階です');
    await bubble(guest, '2階です').waitFor();

    // Leaving the live page closes the guest's sockets, the chat's among them (no /chat without an account).
    const gina = (await world.server.models.User.findOne({ where: { name: 'Gina Rossi' } }))!;
    const chatSockets = async () =>
      (await world.server.realtime.io.in(`chat:user:${gina.id}`).fetchSockets()).filter(
        (s) => s.handshake.query.userId === String(gina.id),
      ).length;
    expect(await chatSockets()).to.equal(1);
    await guest.goto(url(`/floors/${floorId}?app_id=${appId}`));
    await guest.getByRole('dialog', { name: 'Join as a guest' }).waitFor();
    for (let i = 0; i < 50 && (await chatSockets()) > 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await chatSockets()).to.equal(0);
  });
});

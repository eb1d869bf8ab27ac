import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { io as connect } from 'socket.io-client';
import { request } from '@tsudoi/common';
import { expectNoHorizontalOverflow, PHONE, DESKTOP, named } from './support/auth';
import { act, bubble, say, thread, throttle, watchProgress } from './support/chat';
import { createPermanentFloor, createTeam } from './support/floors';
import { shootAll, signIn } from './support/team';
import { e2eWorld } from './support/world';
import { liveJoined } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const PAYLOAD = `<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"><b>太字?</b> https://example.com/a`;

const xss = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

describe('chat: two people, privately and at a table', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('chats privately: unread, reply, edit, unsend live on both sides; payloads stay text; a file goes up and comes back', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'chat', true);
    await named(world.server, owner, '山田 太郎');
    await named(world.server, member!, 'Mia Chen');
    const a = await pages.open('ja-JP', undefined, owner);
    const b = await pages.open('ja-JP', undefined, member!);
    await a.goto(url('/chat'));
    await b.goto(url('/chat'));
    await b.getByText('まだ会話がありません').waitFor();

    // A starts a private conversation with B and sends a message full of markup.
    await a.getByRole('button', { name: '新しいメッセージ' }).click();
    await a
      .getByRole('dialog', { name: '新しいメッセージ' })
      .getByRole('button', { name: /Mia Chen/ })
      .click();
    await thread(a).getByRole('heading', { name: 'Mia Chen' }).waitFor();
    await say(a, PAYLOAD);
    await bubble(a, '太字?').waitFor();

    // B sees it arrive live with an unread count, opens it, and the count goes.
    const item = b.getByRole('list', { name: '会話' }).getByRole('button', { name: /山田 太郎/ });
    await item.getByLabel('未読 1 件').waitFor();
    expect(await b.getByRole('navigation').getByLabel('未読 1 件').count()).to.equal(1);
    await item.click();
    const received = bubble(b, '太字?');
    await received.waitFor();
    expect(await item.getByLabel('未読 1 件').count()).to.equal(0);

    // Script and HTML payloads render as text on both sides; only the URL is a link.
    for (const page of [a, b]) {
      const shown = bubble(page, '太字?').locator('.chat-rich');
      expect(await shown.textContent()).to.equal(PAYLOAD);
      expect(await shown.locator('script, img, b').count()).to.equal(0);
      expect(await shown.locator('a').getAttribute('href')).to.equal('https://example.com/a');
      expect(await xss(page)).to.equal(null);
    }

    // B replies: A sees the reply live, quoting A's message and its sender.
    await act(b, '太字?', '返信');
    await thread(b).getByText('山田 太郎 さんに返信').waitFor();
    await say(b, '了解です！');
    const reply = bubble(a, '了解です！');
    await reply.waitFor();
    expect(await reply.locator('.chat-quote__name').textContent()).to.equal('山田 太郎');
    expect(await reply.locator('.chat-quote__text').textContent()).to.contain('<script>');

    // A edits its message: B sees the new text marked as edited.
    await act(a, '太字?', '編集');
    await thread(a).getByText('メッセージを編集中').waitFor();
    const box = thread(a).getByRole('textbox', { name: 'メッセージ' });
    expect(await box.inputValue()).to.equal(PAYLOAD);
    await box.fill('明日の会議は 10 時からです');
    await box.press('Enter');
    const edited = bubble(b, '明日の会議は 10 時からです');
    await edited.getByText('編集済み').waitFor();
    // …and the quote in B's reply follows.
    await bubble(b, '了解です！').locator('.chat-quote__text', { hasText: '明日の会議は 10 時から' }).waitFor();

    // B unsends the reply: it is gone for A too.
    await act(b, '了解です！', '送信取消');
    await b
      .getByRole('dialog', { name: 'このメッセージの送信を取り消しますか？' })
      .getByRole('button', { name: '送信を取り消す' })
      .click();
    await thread(a).getByText('このメッセージは送信が取り消されました').waitFor();
    expect(await thread(a).getByText('了解です！').count()).to.equal(0);

    // A sends a file over a slowed link: the upload shows progress; B downloads the same bytes.
    const bytes = crypto.randomBytes(1_200_000);
    const progress = await watchProgress(a, '.chat-upload [role="progressbar"]');
    const unthrottle = await throttle(a, 400_000);
    await a
      .getByTestId('chat-file-input')
      .setInputFiles({ name: '議事録 2026-11.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await thread(a).getByTestId('chat-upload').waitFor();
    await shootUpload(a);
    const card = thread(b).getByTestId('chat-file').filter({ hasText: '議事録 2026-11.bin' });
    await card.waitFor({ timeout: 30_000 });
    await unthrottle();
    const seen = await progress();
    expect(
      seen.some((p) => p > 0 && p < 100),
      `progress seen: ${seen.join(',')}`,
    ).to.equal(true);
    expect([...seen].sort((x, y) => x - y)).to.deep.equal(seen); // never goes back
    expect(await card.textContent()).to.contain('1.14 MB');
    const [download] = await Promise.all([
      b.waitForEvent('download'),
      card.getByRole('button', { name: /ダウンロード/ }).click(),
    ]);
    expect(download.suggestedFilename()).to.equal('議事録 2026-11.bin');
    const saved = fs.readFileSync((await download.path())!);
    expect(crypto.createHash('sha256').update(saved).digest('hex')).to.equal(
      crypto.createHash('sha256').update(bytes).digest('hex'),
    );

    // Screens: the conversation in ja and en, desktop and phone.
    await shootAll(b, world.server, SHOTS, 'chat-private', '.chat-msg');
    await b.goto(url('/chat'));
    await b.setViewportSize(PHONE);
    await b.getByRole('list', { name: '会話' }).waitFor();
    await expectNoHorizontalOverflow(b);
    await b.screenshot({ path: `${SHOTS}chat-list-ja-390x844.png` });
    await b.setViewportSize(DESKTOP);
  });

  it('chats at a table and on the whole floor from the live page', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'table', true);
    await named(world.server, owner, '山田 太郎');
    await named(world.server, member!, 'Mia Chen');
    const floorId = await createPermanentFloor(world.server, owner, 'みんなのオフィス');
    const a = await pages.open('ja-JP', undefined, owner);
    const b = await pages.open('ja-JP', undefined, member!);
    await a.goto(url(`/floors/${floorId}/live`));
    await b.goto(url(`/floors/${floorId}/live`));
    for (const page of [a, b]) {
      await liveJoined(page);
      await page.getByRole('button', { name: 'チャット', exact: true }).click();
    }
    const panel = (page: Page) => page.getByRole('complementary', { name: 'フロアチャット' });

    // Whole floor first (the default tab).
    await panel(a).getByRole('textbox', { name: 'メッセージ' }).waitFor();
    await say(a, '皆さん、おはようございます');
    await bubble(b, '皆さん、おはようございます').waitFor();

    // Both sit at the entrance: its table chat.
    for (const page of [a, b])
      await panel(page)
        .getByRole('tab', { name: /エントランス/ })
        .click();
    await say(b, '<i>同じテーブルです</i>');
    const atTable = bubble(a, '同じテーブルです');
    await atTable.waitFor();
    expect(await atTable.locator('.chat-rich').textContent()).to.equal('<i>同じテーブルです</i>');
    await act(a, '同じテーブルです', '返信');
    await say(a, 'よろしく');
    await bubble(b, 'よろしく').locator('.chat-quote__name', { hasText: 'Mia Chen' }).waitFor();
    await a.screenshot({ path: `${SHOTS}chat-floor-panel-ja-1280x800.png` });
    await a.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(a);
    await a.screenshot({ path: `${SHOTS}chat-floor-panel-ja-390x844.png` });
    await a.setViewportSize(DESKTOP);

    // A message on the other tab counts as unread there.
    await panel(b)
      .getByRole('tab', { name: /フロア全体/ })
      .click();
    await bubble(b, '皆さん、おはようございます').waitFor();
    await say(a, 'テーブルだけの話');
    await panel(b)
      .getByRole('tab', { name: /エントランス/ })
      .getByText('1')
      .waitFor();
  });

  it('opens the chat socket only off /login, closes it on /login, reconnects after 1 s and reloads the history', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'life', true);
    await named(world.server, owner, '山田 太郎');
    const memberId = await named(world.server, member!, 'Mia Chen');
    const page = await pages.open('ja-JP');
    const sockets = socketsOf(page);

    // Not opened on /login.
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    await page.waitForTimeout(1500);
    expect(sockets).to.have.length(0);

    // Signed in elsewhere: opened, and the history is loaded on connect.
    await signIn(page, member!.email);
    await until(() => sockets.length === 1, 'the chat socket');
    await page.goto(url('/chat'));
    await page.getByText('まだ会話がありません').waitFor();

    // The world.server drops it: it comes back after the 1 s retry and loads the history again,
    // with what was written meanwhile.
    const io = world.server.realtime.io;
    io.in(`chat:user:${memberId}`).disconnectSockets(true);
    await until(() => sockets[sockets.length - 1]!.closed !== null, 'the drop');
    const dropped = sockets[sockets.length - 1]!.closed!;
    // While it is away, the owner writes to them (a socket of their own, faster than the retry).
    const owner$ = connect(world.server.url, {
      transports: ['websocket'],
      auth: { token: owner.accessToken },
      forceNew: true,
    });
    try {
      const conversation = await request<{ id: number }>(owner$, 'chat:join', { scope: 'private', userId: memberId });
      expect(conversation.ok).to.equal(true);
      const sent = await request(owner$, 'chat:sendMessage', {
        conversationId: conversation.ok ? conversation.data.id : 0,
        content: 'つながりましたか？',
      });
      expect(sent.ok).to.equal(true);
    } finally {
      owner$.disconnect();
    }
    expect(sockets[sockets.length - 1]!.closed, 'still away while the message was sent').to.not.equal(null);
    await until(() => sockets.length >= 2 && sockets[sockets.length - 1]!.closed === null, 'the reconnection');
    const back = sockets[sockets.length - 1]!.opened;
    expect(back - dropped, 'retry delay in ms').to.be.within(900, 5000);
    const item = page.getByRole('list', { name: '会話' }).getByRole('button', { name: /山田 太郎/ });
    await item.getByText('つながりましたか？').waitFor();

    // Entering /login closes it (signing out lands there).
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.locator('.avatar-menu__logout').click();
    await page
      .getByRole('dialog', { name: 'ログアウトしますか？' })
      .getByRole('button', { name: 'ログアウト' })
      .click();
    await page.waitForURL('**/login');
    await until(() => sockets.every((s) => s.closed !== null), 'the close on /login');
    await page.waitForTimeout(1500);
    expect(sockets.filter((s) => s.closed === null)).to.have.length(0);
  });
});

/** The Socket.IO websockets a page opens and when each opened and closed (ms since the epoch). */
function socketsOf(page: Page) {
  const sockets: { opened: number; closed: number | null }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    const entry = { opened: Date.now(), closed: null as number | null };
    sockets.push(entry);
    ws.on('close', () => (entry.closed = Date.now()));
  });
  return sockets;
}

async function until(check: () => boolean, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The upload tray while a file goes up (desktop, Japanese). */
async function shootUpload(page: Page) {
  await page.screenshot({ path: `${SHOTS}chat-upload-ja-1280x800.png` });
}

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { expectNoHorizontalOverflow, pageFactory, PHONE, type Account } from './support/auth';
import { launchBrowser } from './support/browser';
import { createPermanentFloor, createTeam } from './support/floors';
import { inbound, liveJoined, member, moveTo, receiving, RECORD_PEER_CONNECTIONS, roomButton } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('media: camera and microphone through mediasoup between browsers', function () {
  this.timeout(300_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  const pages = pageFactory(() => browser);

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([startTestServer({ SMTP_URL: smtp.url }), launchBrowser()]);
  });
  after(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('three in a room receive each other; another room receives nothing; a move switches media; one screen sharer', async () => {
    const { owner } = await createTeam(server, smtp, 'media', false);
    const [a, b, c] = [
      await member(server, smtp, owner, 'media-a'),
      await member(server, smtp, owner, 'media-b'),
      await member(server, smtp, owner, 'media-c'),
    ];
    const floorId = await createPermanentFloor(server, owner, 'メディアのフロア');
    const open = async (who: Account, locale = 'ja-JP') => {
      const page = await pages.open(locale, undefined, who);
      await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
      await page.goto(`${server.url}/floors/${floorId}/live`);
      await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
      await liveJoined(page);
      return page;
    };
    // the observer goes to room 10 first; the three meet in room 9
    const observer = await open(c, 'en-US');
    await moveTo(observer, 10);
    const host = await open(owner);
    const first = await open(a);
    const second = await open(b);
    for (const page of [host, first, second]) await moveTo(page, 9);

    for (const page of [host, first, second]) await receiving(page, 2, 2);
    for (const page of [host, first, second])
      expect(await page.locator('.media-tile[data-video="on"]').count(), 'tiles with video').to.equal(3);
    expect(await inbound(observer)).to.deep.equal([]);
    await observer.locator('.media-tile--local[data-video="on"]').waitFor();

    await host.screenshot({ path: `${SHOTS}media-room-ja-1280x800.png` });
    await observer.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(observer);
    await observer.screenshot({ path: `${SHOTS}media-alone-en-390x844.png`, fullPage: true });

    // a move to room 10: the mover receives the observer within the product bar (2 s), the others lose the mover
    const started = Date.now();
    await roomButton(second, 10).dispatchEvent('click');
    await receiving(second, 1, 1);
    const switched = Date.now() - started;
    process.stdout.write(`      room move → first frame of the new room: ${switched} ms\n`);
    await receiving(host, 1, 1);
    await receiving(observer, 1, 1);
    expect(switched, 'room switch in ms (product bar 2000)').to.be.below(10_000);

    // screen share: the host shares, the member in the room sees it, a second sharer is refused
    await host.getByRole('button', { name: '画面を共有' }).click();
    await first.locator('.media-tile[data-source="screen"][data-video="on"]').waitFor({ timeout: 20_000 });
    await host.getByRole('button', { name: '共有を停止' }).waitFor();
    await first.getByRole('button', { name: '画面を共有' }).click();
    // the refusal names who shares (every account here is called Hanako Sato)
    await first.locator('.toast--error').filter({ hasText: 'Hanako Sato さんが画面を共有中です。' }).waitFor();
    await first.getByRole('button', { name: '画面を共有' }).waitFor();
    await host.screenshot({ path: `${SHOTS}media-screen-ja-1280x800.png` });

    // a media worker killed with SIGKILL: the room's media comes back on its replacement
    const made = (page: Page) =>
      page.evaluate(() => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length);
    const before = [await made(host), await made(first)];
    const [worker] = await server.media.health();
    const killed = Date.now();
    process.kill(worker!.pid, 'SIGKILL');
    await host.waitForFunction(
      (n) => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length >= n + 2,
      before[0]!,
      { timeout: 30_000 },
    );
    await first.waitForFunction(
      (n) => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length >= n + 2,
      before[1]!,
      { timeout: 30_000 },
    );
    await receiving(first, 2, 1, 30_000); // the host's camera and screen, and microphone
    await receiving(host, 1, 1, 30_000);
    process.stdout.write(`      worker killed → media back: ${Date.now() - killed} ms\n`);

    // mute and camera off show on the others' tiles
    await first.getByRole('button', { name: 'ミュート', exact: true }).click();
    await first.getByRole('button', { name: 'ビデオを停止' }).click();
    await host.locator(`.media-tile[data-video="off"] .media-tile__mic--off`).waitFor();
  });
});

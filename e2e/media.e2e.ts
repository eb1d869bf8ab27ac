import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { linkIn, startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { callApi, createAccount, expectNoHorizontalOverflow, pageFactory, PHONE, type Account } from './support/auth';
import { launchBrowser } from './support/browser';
import { createPermanentFloor, createTeam } from './support/floors';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Every RTCPeerConnection the page makes, so the test can read its stats (nothing else changes). */
const RECORD_PEER_CONNECTIONS = `(() => {
  const Original = window.RTCPeerConnection;
  const made = [];
  function Recorded(...args) { const pc = new Original(...args); made.push(pc); return pc; }
  Recorded.prototype = Original.prototype;
  Object.setPrototypeOf(Recorded, Original);
  window.RTCPeerConnection = Recorded;
  window.__peerConnections = made;
})();`;

interface Inbound {
  kind: 'audio' | 'video';
  framesDecoded: number;
  packetsReceived: number;
}

/** The inbound RTP streams of the page's open peer connections (one per consumer). */
const inbound = (page: Page): Promise<Inbound[]> =>
  page.evaluate(async () => {
    const out: Inbound[] = [];
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    for (const pc of pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        // mediasoup's bandwidth probation stream (mid "probator") is no consumer
        if (s.type === 'inbound-rtp' && s.mid !== 'probator')
          out.push({
            kind: s.kind as 'audio' | 'video',
            framesDecoded: Number(s.framesDecoded ?? 0),
            packetsReceived: Number(s.packetsReceived ?? 0),
          });
      });
    }
    return out;
  });

/** Polls until every inbound stream flows and there are `video` video and `audio` audio streams; answers the ms taken. */
async function receiving(page: Page, video: number, audio: number, ms = 20_000): Promise<number> {
  const started = Date.now();
  let last: Inbound[] = [];
  while (Date.now() - started < ms) {
    last = await inbound(page);
    const v = last.filter((s) => s.kind === 'video');
    const a = last.filter((s) => s.kind === 'audio');
    if (
      v.length === video &&
      a.length === audio &&
      v.every((s) => s.framesDecoded > 0) &&
      a.every((s) => s.packetsReceived > 0)
    )
      return Date.now() - started;
    await page.waitForTimeout(100);
  }
  const outbound = await page.evaluate(async () => {
    const out: unknown[] = [];
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    for (const pc of pcs)
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'outbound-rtp' || s.type === 'inbound-rtp')
          out.push({
            state: pc.connectionState,
            type: s.type,
            mid: s.mid,
            track: s.trackIdentifier,
            ssrc: s.ssrc,
            kind: s.kind,
            rid: s.rid,
            w: s.frameWidth,
            enc: s.framesEncoded,
            dec: s.framesDecoded,
            sent: s.packetsSent,
            rec: s.packetsReceived,
            q: s.qualityLimitationReason,
            pli: s.pliCount,
            kf: s.keyFramesDecoded,
          });
      });
    return out;
  });
  throw new Error(
    `expected ${video} video and ${audio} audio streams flowing, got ${JSON.stringify(last)}; all: ${JSON.stringify(outbound)}`,
  );
}

/** A verified member who accepted the owner's team invitation. */
async function member(server: TestServer, smtp: SmtpSink, owner: Account, label: string): Promise<Account> {
  const account = await createAccount(server, smtp, label, true);
  const invited = await callApi(
    server,
    'POST',
    '/company-employees/bulk',
    { emails: [account.email] },
    owner.accessToken,
  );
  expect(invited.status).to.equal(201);
  const id = new URL(linkIn(await smtp.next(account.email), '/invitation/employee/')).pathname.split('/').pop();
  const accepted = await callApi(server, 'POST', `/company-employees/accept/${id}`, undefined, account.accessToken);
  expect(accepted.status, JSON.stringify(accepted.json)).to.equal(200);
  return account;
}

const roomButton = (page: Page, n: number) =>
  page.locator(`button[data-room="${n}"], [data-room="${n}"] > .floor-room__hit`).first();

async function moveTo(page: Page, n: number) {
  await roomButton(page, n).dispatchEvent('click');
  await page.locator(`[data-room="${n}"] .floor-room__face--self`).waitFor();
}

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
      await page.locator('.live__connecting').waitFor({ state: 'detached' });
      return page;
    };
    // the observer goes to table B first; the three meet at table A
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

    // a move to table B: the mover receives the observer within the product bar (2 s), the others lose the mover
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
    await first.locator('.toast--error').filter({ hasText: '画面共有は許可されていません。' }).waitFor();
    await first.getByRole('button', { name: '画面を共有' }).waitFor();
    await host.screenshot({ path: `${SHOTS}media-screen-ja-1280x800.png` });

    // mute and camera off show on the others' tiles
    await first.getByRole('button', { name: 'ミュート', exact: true }).click();
    await first.getByRole('button', { name: 'ビデオを停止' }).click();
    await host.locator(`.media-tile[data-video="off"] .media-tile__mic--off`).waitFor();
  });
});

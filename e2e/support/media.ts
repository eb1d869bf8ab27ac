import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { linkIn, type SmtpSink } from '../../server/src/testing/smtp';
import type { TestServer } from '../../server/src/testing/test-server';
import { callApi, createAccount, type Account } from './auth';

/** Media helpers of the browser tests and bench/media-join.ts: peer connection stats read inside the page. */

/** Every RTCPeerConnection the page makes, so the test can read its stats (nothing else changes). */
export const RECORD_PEER_CONNECTIONS = `(() => {
  const Original = window.RTCPeerConnection;
  const made = [];
  function Recorded(...args) { const pc = new Original(...args); made.push(pc); return pc; }
  Recorded.prototype = Original.prototype;
  Object.setPrototypeOf(Recorded, Original);
  window.RTCPeerConnection = Recorded;
  window.__peerConnections = made;
})();`;

export interface Inbound {
  kind: 'audio' | 'video';
  framesDecoded: number;
  packetsReceived: number;
}

/** The inbound RTP streams of the page's open peer connections (one per consumer). */
export const inbound = (page: Page): Promise<Inbound[]> =>
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
export async function receiving(page: Page, video: number, audio: number, ms = 20_000): Promise<number> {
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

/**
 * The wall-clock time (ms since the epoch, the same clock as Date.now() here) at which the page first had
 * `video` video and `audio` audio streams flowing, timed inside the page (getStats every 20 ms) so the
 * figure carries no round trips of this process. For bench/media-join.ts.
 */
export async function firstFlowing(page: Page, video: number, audio: number, ms = 30_000): Promise<number> {
  const at = await page.evaluate<number | null>(`${FIRST_FLOWING}(${video}, ${audio}, ${ms})`);
  if (at !== null) return at;
  await receiving(page, video, audio, 1); // throws with what flows
  throw new Error(`${video} video and ${audio} audio streams flowed only after ${ms} ms`);
}

/** The in-page poller of firstFlowing, as source text (functions handed over by tsx carry its helpers). */
const FIRST_FLOWING = `((v, a, limit) => new Promise((resolve) => {
  const started = Date.now();
  const poll = async () => {
    const streams = [];
    for (const pc of window.__peerConnections) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s) => {
        if (s.type !== 'inbound-rtp' || s.mid === 'probator') return;
        streams.push({ kind: s.kind, flowing: s.kind === 'video' ? s.framesDecoded > 0 : s.packetsReceived > 0 });
      });
    }
    const count = (kind) => streams.filter((s) => s.kind === kind).length;
    if (count('video') === v && count('audio') === a && streams.every((s) => s.flowing)) resolve(Date.now());
    else if (Date.now() - started > limit) resolve(null);
    else setTimeout(poll, 20);
  };
  poll();
}))`;

/** A verified member who accepted the owner's team invitation. */
export async function member(server: TestServer, smtp: SmtpSink, owner: Account, label: string): Promise<Account> {
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

export const roomButton = (page: Page, n: number) =>
  page.locator(`button[data-room="${n}"], [data-room="${n}"] > .floor-room__hit`).first();

/**
 * Until the floor answered the join: before it the map shows the person in
 * the entrance already and a click on a room only opens its card. (Waiting
 * for ".live__connecting" to go away passed at once when the header had not
 * been drawn yet.)
 */
export async function liveJoined(page: Page, timeout = 30_000) {
  await page.locator('.live[data-live-status="joined"]').waitFor({ timeout });
}

export async function moveTo(page: Page, n: number) {
  // as a person would: once the floor has answered (their own icon is then in its real place)
  await liveJoined(page);
  await page.locator('.floor-room__face--self').first().waitFor();
  await roomButton(page, n).dispatchEvent('click');
  await page.locator(`[data-room="${n}"] .floor-room__face--self`).waitFor();
}

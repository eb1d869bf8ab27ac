/**
 * Media join benchmark (issue 5): how long until the first remote video
 * frame is decoded.
 *
 *   node --import tsx bench/media-join.ts [--joins 10]
 *
 * Starts the real server in this process (test harness: fresh SQLite, one
 * mediasoup worker, the built UI — run `npm run build` first) and Debian's
 * Chromium with fake camera and microphone. A sender sits at table A with
 * camera and microphone on. Then, --joins times, a fresh browser context of
 * a second member opens the live page (entrance) and moves to table A, and
 * two figures are taken inside the page from RTCPeerConnection stats:
 *   - move: the click on table A → the sender's video frames decoded
 *     (the room switch; product bar 2 s),
 *   - join: opening the live page → that same first frame (page load,
 *     sign-in from storage, floor join, move and media).
 * Prints p50/p95/min/max of each. Loopback only; the machine's other load
 * shows in the figures (the load average is printed).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startSmtpSink } from '../server/src/testing/smtp';
import { startTestServer } from '../server/src/testing/test-server';
import { pageFactory } from '../e2e/support/auth';
import { launchBrowser } from '../e2e/support/browser';
import { createPermanentFloor, createTeam } from '../e2e/support/floors';
import { member, moveTo, receiving, RECORD_PEER_CONNECTIONS, roomButton } from '../e2e/support/media';

const { values } = parseArgs({ options: { joins: { type: 'string', default: '10' } } });
const joins = Number(values.joins);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const summary = (label: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${label.padEnd(6)} p50 ${quantile(s, 0.5)} ms  p95 ${quantile(s, 0.95)} ms  min ${s[0]} ms  max ${s.at(-1)} ms`;
};

const smtp = await startSmtpSink();
const server = await startTestServer({ SMTP_URL: smtp.url });
const browser = await launchBrowser();
const pages = pageFactory(() => browser);
try {
  const { owner } = await createTeam(server, smtp, 'bench-media', false);
  const joiner = await member(server, smtp, owner, 'bench-joiner');
  const floorId = await createPermanentFloor(server, owner, 'Bench floor');
  const live = `${server.url}/floors/${floorId}/live`;
  const sender = await pages.open('en-US', undefined, owner);
  await sender.goto(live);
  await sender.locator('.live__connecting').waitFor({ state: 'detached' });
  await moveTo(sender, 9);
  await sender.locator('.media-tile--local[data-video="on"]').waitFor();

  const moves: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < joins; i++) {
    const page = await pages.open('en-US', undefined, joiner);
    await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
    const opened = Date.now();
    await page.goto(live);
    await page.locator('.live__connecting').waitFor({ state: 'detached' });
    await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
    const clicked = Date.now();
    await roomButton(page, 9).dispatchEvent('click');
    await receiving(page, 1, 1, 30_000);
    const done = Date.now();
    moves.push(done - clicked);
    totals.push(done - opened);
    process.stdout.write(`join ${i + 1}: move ${done - clicked} ms, page open → frame ${done - opened} ms\n`);
    await page.context().close();
  }
  process.stdout.write(
    `\n${joins} joins, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  process.stdout.write(`${summary('move', moves)}\n${summary('join', totals)}\n`);
} finally {
  await pages.closeAll().catch(() => undefined);
  await browser.close();
  await server.close();
  await smtp.close();
}

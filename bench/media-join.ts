/**
 * Media join benchmark (issue 5): how long until the first remote video
 * frame is decoded.
 *
 *   node --import tsx bench/media-join.ts [--joins 10] [--timeline]
 *
 * Starts the real server in this process (test harness: fresh SQLite, one
 * mediasoup worker, the built UI — run `npm run build` first) and Debian's
 * Chromium with fake camera and microphone. A sender sits in room 9 (table B)
 * with camera and microphone on. A second member then visits the live page
 * in a fresh browser context --joins + 1 times. Two figures, timed inside the
 * page from RTCPeerConnection stats polled every 20 ms (the sender's video
 * frames decoded and its audio packets received; firstFlowing in
 * e2e/support/media.ts):
 *   - join: opening the live page → first remote frame, for a member who
 *     comes back to room 9 (visits 1..N: page load, session from storage,
 *     floor join, media join);
 *   - move: a click on room 9 from another room → first remote frame (every
 *     visit; the room switch, product bar 2 s).
 * Prints p50/p95/min/max. --timeline also prints each join's requests and
 * socket requests in ms after navigation (support/page-timeline.ts), to see
 * where a join's time goes. Loopback only; the machine's other load shows in
 * the figures (the load average is printed).
 */
import os from 'node:os';
import { recordTimeline, type Timeline } from './support/page-timeline';
import { startSmtpSink } from '../server/src/testing/smtp';
import { startTestServer } from '../server/src/testing/test-server';
import { pageFactory } from '../e2e/support/auth';
import { launchBrowser } from '../e2e/support/browser';
import { createPermanentFloor, createTeam } from '../e2e/support/floors';
import {
  firstFlowing,
  liveJoined,
  member,
  moveTo,
  receiving,
  RECORD_PEER_CONNECTIONS,
  roomButton,
} from '../e2e/support/media';
import { benchArgs } from './support/args';

const values = benchArgs(
  'Media join benchmark: how long until the first remote video frame is decoded.\n\n  node --import tsx bench/media-join.ts [options]',
  {
    joins: { number: 10, help: 'visits of the live page after the first' },
    timeline: { flag: true, help: "print each join's requests in ms after navigation" },
  },
);
const joins = values.joins;

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
  await sender.locator('.floor-room__face--self').waitFor();
  await liveJoined(sender);
  await moveTo(sender, 9);
  await sender.locator('.media-tile--local[data-video="on"]').waitFor();

  const moves: number[] = [];
  const totals: number[] = [];
  // visit 0 lands in the entrance; every later visit comes back to room 9 (people return to their room)
  for (let i = 0; i <= joins; i++) {
    const page = await pages.open('en-US', undefined, joiner);
    await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
    const timeline: Timeline | null = values.timeline && i > 0 ? await recordTimeline(page) : null;
    const opened = Date.now();
    await page.goto(live);
    await page.locator('.floor-room__face--self').waitFor();
    await liveJoined(page);
    let line = `visit ${i}:`;
    if (i > 0) {
      totals.push((await firstFlowing(page, 1, 1)) - opened);
      line += ` page open → first remote frame ${totals.at(-1)} ms,`;
      if (timeline)
        process.stdout.write(
          `${(await timeline.lines(totals.at(-1))).join('\n')}\n${String(totals.at(-1)).padStart(6)}  first remote frame\n`,
        );
      await moveTo(page, 10);
      await receiving(page, 0, 0, 30_000);
    }
    const clicked = Date.now();
    await roomButton(page, 9).dispatchEvent('click');
    moves.push((await firstFlowing(page, 1, 1)) - clicked);
    process.stdout.write(`${line} move → first remote frame ${moves.at(-1)} ms\n`);
    await page.context().close();
  }
  process.stdout.write(
    `\n${joins} joins and ${joins + 1} moves, load average ${os
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

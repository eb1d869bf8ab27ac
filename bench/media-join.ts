/**
 * Media join benchmark (issue 5): how long until the first remote video
 * frame is decoded.
 *
 *   node --import tsx bench/media-join.ts [--joins 10] [--across] [--timeline]
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
 * Prints p50/p95/min/max. --desktop measures the same again as the desktop
 * app opens the floor: the renderer with the stub bridge (the preload's
 * `window.desktop`, e2e/support/desktop-bridge.ts; no Electron binary here)
 * in one browser profile kept across visits, as the app's window keeps its
 * HTTP and code caches between openings (the app loads the page from the
 * server's URL, desktop/src/main/windows.ts). --across measures the same again with two server
 * processes on Redis (the joiner's socket on the second, the room's media
 * home on the first) and prints the ratio of the two. --timeline also prints each join's requests and
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
import { STUB_BRIDGE } from '../e2e/support/desktop-bridge';

const values = benchArgs(
  'Media join benchmark: how long until the first remote video frame is decoded.\n\n  node --import tsx bench/media-join.ts [options]',
  {
    joins: { number: 10, help: 'visits of the live page after the first' },
    timeline: { flag: true, help: "print each join's requests in ms after navigation" },
    desktop: {
      flag: true,
      help: 'also measure as the desktop app: the stub bridge, one profile kept\nacross visits (warm caches)',
    },
    across: {
      flag: true,
      help: "also measure with two server processes on Redis: the joiner on\nthe second, the room's media on the first (needs Redis)",
    },
  },
);
const joins = values.joins;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const summary = (label: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${label.padEnd(6)} p50 ${quantile(s, 0.5)} ms  p95 ${quantile(s, 0.95)} ms  min ${s[0]} ms  max ${s.at(-1)} ms`;
};

type Figures = { moves: number[]; totals: number[] };

/**
 * One mode's figures. `across`: two server processes on Redis (one SQLite file); the sender's socket is on
 * the first (which becomes the floor's media home), the joiner's on the second, so every media request of
 * the joiner is forwarded and its transports connect to the first process.
 */
async function measure(across: boolean, desktop = false): Promise<Figures> {
  const smtp = await startSmtpSink();
  const redis: Record<string, string> = across ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {};
  const server = await startTestServer({ SMTP_URL: smtp.url, ...redis });
  const other = across
    ? await startTestServer({ SMTP_URL: smtp.url, ...redis, DATABASE_URL: server.config.databaseUrl })
    : server;
  const browser = await launchBrowser();
  const pages = pageFactory(() => browser);
  const moves: number[] = [];
  const totals: number[] = [];
  try {
    const { owner } = await createTeam(server, smtp, 'bench-media', false);
    const joiner = await member(server, smtp, owner, 'bench-joiner');
    const floorId = await createPermanentFloor(server, owner, 'Bench floor');
    const sender = await pages.open('en-US', undefined, owner);
    await sender.goto(`${server.url}/floors/${floorId}/live`);
    await sender.locator('.floor-room__face--self').waitFor();
    await liveJoined(sender);
    await moveTo(sender, 9);
    await sender.locator('.media-tile--local[data-video="on"]').waitFor();

    const live = `${other.url}/floors/${floorId}/live`;
    // the desktop app: one window's profile for every visit (its caches stay), the preload's bridge stubbed
    const app = desktop ? (await pages.open('en-US', undefined, joiner)).context() : null;
    if (app) await app.addInitScript(STUB_BRIDGE);
    if (app) await app.addInitScript(RECORD_PEER_CONNECTIONS);
    // visit 0 lands in the entrance; every later visit comes back to room 9 (people return to their room)
    for (let i = 0; i <= joins; i++) {
      const page = app ? await app.newPage() : await pages.open('en-US', undefined, joiner);
      if (!app) await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
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
      if (app) await page.close();
      else await page.context().close();
    }
  } finally {
    await pages.closeAll().catch(() => undefined);
    await browser.close();
    if (other !== server) await other.close();
    await server.close();
    await smtp.close();
  }
  return { moves, totals };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
process.stdout.write(`load average before ${load()}\n`);
process.stdout.write('── one server process ──\n');
const one = await measure(false);
let desktopFigures: Figures | undefined;
if (values.desktop) {
  process.stdout.write('── the desktop app: stub bridge, one profile kept across visits ──\n');
  desktopFigures = await measure(false, true);
}
let two: Figures | undefined;
if (values.across) {
  process.stdout.write("── two server processes: the joiner on the second, the room's media on the first ──\n");
  two = await measure(true);
}
process.stdout.write(`\n${joins} joins and ${joins + 1} moves per mode, load average after ${load()}\n`);
process.stdout.write(`one process   ${summary('move', one.moves)}\n              ${summary('join', one.totals)}\n`);
if (desktopFigures)
  process.stdout.write(
    `desktop app   ${summary('move', desktopFigures.moves)}\n              ${summary('join', desktopFigures.totals)}\n`,
  );
if (two) {
  process.stdout.write(`two processes ${summary('move', two.moves)}\n              ${summary('join', two.totals)}\n`);
  const p50 = (xs: number[]) =>
    quantile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const ratio = (a: number[], b: number[]) => (p50(a) / p50(b)).toFixed(2);
  process.stdout.write(
    `across / one  join p50 ${ratio(two.totals, one.totals)}×, move p50 ${ratio(two.moves, one.moves)}×\n`,
  );
}

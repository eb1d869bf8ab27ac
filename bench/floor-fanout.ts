/**
 * Live floor fan-out benchmark (issue 4 "Scale").
 *
 *   node --import tsx bench/floor-fanout.ts [--floors N] [--users N] [--hz N] [--seconds N]
 *        [--db sqlite|mysql] [--move room|status] [--cpu-prof DIR]
 *   npm run bench:floor -- --floors 20      (--help lists the options)
 *
 * 1. Starts the real server as a child process (`node
 *    server/dist/main.mjs`, the bundle `npm start` runs, NODE_ENV=production with explicit secrets, port 0,
 *    DATA_DIR in a temp dir) on a fresh SQLite file, or with --db mysql a
 *    fresh MariaDB database on mysql://root@127.0.0.1:3306 (BENCH_MYSQL_URL
 *    overrides), dropped afterwards. Its CPU and RSS are read from
 *    /proc/<pid>, apart from the clients.
 * 2. Setup: the accounts and their sessions directly through the models (this
 *    process opens the same database), each team and its permanent floor
 *    through the REST API (POST /api/company, POST /api/floors). One floor per
 *    team, its N users are the team's employees (the host included).
 * 3. N socket.io-client sockets per floor with real access tokens join
 *    (floor:joinOffice); each then sends floor:joinRoom to a random other room
 *    (first free seat, as the floor UI does) at H Hz for S seconds, without
 *    waiting for the previous answer (open loop). --move status sends
 *    floor:updateUser activeStatus instead.
 * 4. Fan-out latency: from sending a move to the moment each OTHER client of
 *    that floor receives the floor:usersChanged batch that shows it (matched by
 *    user id + room, or + status; a batch showing a later move of the same
 *    user also delivers the earlier ones, as the batcher coalesces them). Moves
 *    already refused when the batch comes (MOVE_SUPERSEDED, ROOM_FULL…) are
 *    neither matched nor counted: they changed nothing to deliver. All
 *    clients run in this process, so one monotonic clock (performance.now)
 *    stamps both ends; the clients' own event-loop delay is printed too, since
 *    it adds to every figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io as connect } from 'socket.io-client';
import { PRESENCE_STATUSES, request, type Ack, type FloorInitialData, type FloorUserDto } from '@tsudoi/common';
import {
  CLK_TCK,
  freshDatabase,
  heapAfterGc,
  procStats,
  simulatedAddress,
  startServer,
} from './support/server-process';
import { setupFloors } from './support/floor-setup';
import { pct } from './support/samples';
import { startBare, stop, type Target } from './support/bare-process';
import { FanoutRun, type Client, type Member2, type Move } from './support/fanout-match';
import { benchArgs } from './support/args';
import { movableRooms } from './support/rooms';

const args = benchArgs(
  `Live floor fan-out benchmark (docs/benchmarks.md, "Live floor fan-out").

  npm run bench:floor -- [options]`,
  {
    floors: { number: 1, help: 'floors, each with its own team and users' },
    users: { number: 50, help: 'socket users per floor, at least 2' },
    hz: { number: 10, help: 'moves per second per user, open loop' },
    seconds: { number: 20, help: 'how long the moves are sent' },
    db: {
      choices: ['sqlite', 'mysql'],
      help: 'a fresh SQLite file, or a fresh database on\nBENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306)',
    },
    move: { choices: ['room', 'status'], help: 'floor:joinRoom to a random room, or floor:updateUser' },
    'room-chats': {
      flag: true,
      help: 'every room has a table chat (with a message): each move\nthen leaves one and joins another (chat membership)',
    },
    'skip-baseline': {
      flag: true,
      help: 'do not run the bare Socket.IO broadcaster first\n(bench/support/bare-broadcaster.ts: same clients, same\nmoves, batched as the product does, no database) for the ratio',
    },
    'cpu-prof': { text: 'DIR', help: 'write a V8 CPU profile of the server into DIR' },
  },
  { footer: 'Scenario A: --floors 1 (50 users x 10 Hz); scenario B: --floors 20.' },
);
const FLOORS = args.floors;
const USERS = args.users;
const HZ = args.hz;
const SECONDS = args.seconds;
const DB = args.db;
const MOVE = args.move;
if (![FLOORS, USERS, HZ, SECONDS].every((n) => n > 0) || USERS < 2)
  throw new Error('--floors, --hz, --seconds must be positive, --users at least 2');

const log = (line: string) => process.stdout.write(`${line}\n`);

// ── clients and matching ───────────────────────────────────────────────────

let run = new FanoutRun('room', 2);
/** Set when the figures are out: the server's complaints while it is stopped mid-backlog are noise. */
let quiet = false;

let opened = 0;
function open(url: string, token: string): Promise<Client> {
  const client: Client = connect(url, {
    transports: ['websocket'],
    query: { lang: 'en' },
    auth: { token },
    extraHeaders: { 'x-forwarded-for': simulatedAddress(opened++) },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── the run ────────────────────────────────────────────────────────────────

interface Figures {
  p50: number;
  p99: number;
  ackP99: number;
  refused: number;
  serverCpu: number;
  perConnKb: number;
  /** Heap + external kept per joined connection, after full GCs (NaN without the hook). */
  heapPerConnKb: number;
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const heapDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-heap-'));
/** A file for a child's memory figures after a full GC (heapAfterGc). */
const heapFile = (name: string) => path.join(heapDir, `${name}.json`);

async function main() {
  log(
    `floor fan-out: ${FLOORS} floor(s) × ${USERS} users × ${HZ} Hz × ${SECONDS} s, ${DB}, move=${MOVE}` +
      `${args['room-chats'] ? ', room chats' : ''}, ${os.cpus().length} cores, load average ${loadavg()}`,
  );
  let bare: Figures | undefined;
  if (!args['skip-baseline']) {
    const { child, target } = await startBare(FLOORS, USERS, heapFile('bare'));
    try {
      bare = await measure(target);
    } finally {
      await stop(child);
    }
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-bench-'));
  const db = await freshDatabase(DB, tmp);
  const productHeap = heapFile('product');
  const { child, url } = await startServer({
    dataDir: path.join(tmp, 'data'),
    databaseUrl: db.url,
    heapFile: productHeap,
    cpuProfDir: args['cpu-prof'],
    echo: () => !quiet,
  });
  quiet = false;
  let product: Figures;
  try {
    const t = performance.now();
    const floors = await setupFloors(url, db.url, FLOORS, USERS, args['room-chats']);
    log(`\nsetup of the product's floors (models + REST): ${((performance.now() - t) / 1000).toFixed(1)} s`);
    product = await measure({ label: 'Tsudoi server', url, pid: child.pid!, floors, heapFile: productHeap });
    quiet = true;
  } finally {
    await stop(child);
    await db.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log('');
  log(`load average after   ${loadavg()}`);
  if (bare) {
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
    log(
      `product / bare       fan-out p50 ${ms(product.p50)} / ${ms(bare.p50)} = ${ratio(product.p50, bare.p50)}×, ` +
        `p99 ${ms(product.p99)} / ${ms(bare.p99)} = ${ratio(product.p99, bare.p99)}×; ` +
        `server CPU ${product.serverCpu.toFixed(0)} % / ${bare.serverCpu.toFixed(0)} %; ` +
        `refused ${product.refused} / ${bare.refused}; RSS per connection ${product.perConnKb.toFixed(1)} / ${bare.perConnKb.toFixed(1)} KB; ` +
        `kept after GC per connection ${product.heapPerConnKb.toFixed(1)} / ${bare.heapPerConnKb.toFixed(1)} KB`,
    );
  }
}

/** Connects and joins every member of the target's floors, sends the moves, and prints the figures. */
async function measure(target: Target): Promise<Figures> {
  run = new FanoutRun(MOVE, USERS);
  const { url, pid, floors } = target;
  log(`\n── ${target.label} (pid ${pid}) ──`);
  {
    await pause(1000);
    const idle = procStats(pid);
    const idleHeap = target.heapFile ? await heapAfterGc(pid, target.heapFile) : undefined;

    const t = performance.now();
    const perFloor: Member2[][] = [];
    /**
     * Per floor: the rooms moves go to (every room with more than one seat; the phone booth has one),
     * leaving out meeting rooms and guest lounges, which ask for a permission flag (issue 16), and the
     * stage, entered only through its presentation (issue 15).
     */
    const roomIds: number[][] = [];
    for (const floor of floors) {
      const members = await inBatches(floor.members, 25, async (m) => ({
        ...m,
        client: await open(url, m.token),
        moves: [] as Move[],
        seenUpTo: new Map<number, number>(),
        lastTarget: 0,
        initial: undefined as FloorUserDto | undefined,
      }));
      const byUser = new Map(members.map((m) => [m.userId, m]));
      for (const m of members) m.client.on('floor:usersChanged', (batch) => run.onBatch(m.userId, byUser, batch));
      const joined = await inBatches(members, 25, (m) =>
        request<FloorInitialData>(m.client, 'floor:joinOffice', { floorId: floor.floorId }),
      );
      joined.forEach((a, i) => {
        if (!a.ok) throw new Error(`join failed: ${a.error.code} ${a.error.message}`);
        if (i === 0) roomIds.push(movableRooms(a.data.rooms));
        const m = members[i]!;
        m.initial = a.data.users.find((u) => u.userId === m.userId);
        m.lastTarget = m.initial ? run.shown(m.initial) : 0;
      });
      perFloor.push(members);
    }
    const sockets = FLOORS * USERS;
    log(`connected and joined ${sockets} sockets in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await pause(2000); // let the join batches and the GC settle
    const before = procStats(pid);
    const joinedHeap = target.heapFile ? await heapAfterGc(pid, target.heapFile) : undefined;

    // ── moves ──
    const acks = new Map<string, number>();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const clientCpu = process.cpuUsage();
    run.measuring = true;
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, procStats(pid).rss)), 500);
    const started = performance.now();
    const start = procStats(pid);
    const timers: NodeJS.Timeout[] = [];
    const pendingAcks: Promise<void>[] = [];
    const period = 1000 / HZ;
    perFloor.forEach((members, f) => {
      const targets = MOVE === 'room' ? roomIds[f]! : PRESENCE_STATUSES.map((_, i) => i);
      for (const m of members) {
        const send = () => {
          let target = m.lastTarget;
          while (target === m.lastTarget) target = targets[Math.floor(Math.random() * targets.length)]!;
          m.lastTarget = target;
          const move: Move = {
            target,
            sentAt: performance.now(),
            ackAt: 0,
            outcome: 'pending',
            dto: undefined,
            delivered: 0,
          };
          m.moves.push(move);
          const answer: Promise<Ack<FloorUserDto>> =
            MOVE === 'room'
              ? request(m.client, 'floor:joinRoom', { roomId: target })
              : request(m.client, 'floor:updateUser', { activeStatus: PRESENCE_STATUSES[target] });
          pendingAcks.push(
            answer.then((a) => {
              move.ackAt = performance.now();
              run.ackLatency.push(move.ackAt - move.sentAt);
              move.outcome = a.ok ? 'ok' : a.error.code;
              if (a.ok) move.dto = a.data;
              acks.set(move.outcome, (acks.get(move.outcome) ?? 0) + 1);
            }),
          );
        };
        const first = setTimeout(() => {
          send();
          timers.push(setInterval(send, period));
        }, Math.random() * period);
        timers.push(first);
      }
    });
    await pause(SECONDS * 1000);
    for (const timer of timers) clearInterval(timer);
    const sendSeconds = (performance.now() - started) / 1000;
    const end = procStats(pid);
    const cpuSeconds = (performance.now() - started) / 1000;
    // drain: every answer (or its 10 s timeout), then the batches still on their way
    await Promise.all(pendingAcks);
    const drainStart = performance.now();
    // until every move answered ok that changed something was seen by every other client (at most 10 s)
    while (performance.now() - drainStart < 10_000 && run.tally(perFloor).lostChanges > 0) await pause(200);
    await pause(500);
    const drainSeconds = (performance.now() - started) / 1000 - sendSeconds;
    clearInterval(sampler);
    run.measuring = false;
    loop.disable();
    const cpu = process.cpuUsage(clientCpu);

    // ── figures ──
    const { sent, ok, noop, lostChanges, lostDeliveries } = run.tally(perFloor);
    const lat = run.fanout.sorted();
    const ackSorted = run.ackLatency.sorted();
    const serverCpu = ((end.ticks - start.ticks) / CLK_TCK / cpuSeconds) * 100;
    const failed = [...acks].filter(([k]) => k !== 'ok');
    log('');
    log(`sockets               ${sockets} (${FLOORS} × ${USERS})`);
    log(
      `moves sent            ${sent} in ${sendSeconds.toFixed(1)} s = ${(sent / sendSeconds).toFixed(0)}/s (target ${sockets * HZ}/s)`,
    );
    log(
      `acks                  ok ${ok}, failed ${sent - ok}${failed.length ? ` (${failed.map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}; ` +
        `no-op ${noop}`,
    );
    log(
      `ack latency           p50 ${ms(pct(ackSorted, 50))}  p95 ${ms(pct(ackSorted, 95))}  p99 ${ms(pct(ackSorted, 99))}  max ${ms(pct(ackSorted, 100))}`,
    );
    log(
      `fan-out latency       p50 ${ms(pct(lat, 50))}  p95 ${ms(pct(lat, 95))}  p99 ${ms(pct(lat, 99))}  max ${ms(pct(lat, 100))}  (${lat.length} deliveries)`,
    );
    log(
      `batches received      ${run.batches} (${(run.batches / (sendSeconds + drainSeconds)).toFixed(0)}/s over all clients)`,
    );
    log(
      `lost changes          ${lostChanges} moves not seen by every other client (${lostDeliveries} deliveries missing), drain ${drainSeconds.toFixed(1)} s`,
    );
    log(
      `server CPU            ${serverCpu.toFixed(0)} % of one core (average over the ${cpuSeconds.toFixed(1)} s of moves)`,
    );
    log(
      `server CPU per conn.  ${((((end.ticks - start.ticks) / CLK_TCK / cpuSeconds) * 1000) / sockets).toFixed(2)} ms of CPU per second per socket`,
    );
    log(
      `server RSS            idle ${mb(idle.rss)}, joined ${mb(before.rss)}, peak ${mb(peakRss)}; ` +
        `per connection ${((before.rss - idle.rss) / sockets / 1024).toFixed(1)} KB (joined − idle) / ${sockets}`,
    );
    const kept = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
    const heapPerConnKb = idleHeap && joinedHeap ? (kept(joinedHeap) - kept(idleHeap)) / sockets / 1024 : Number.NaN;
    if (idleHeap && joinedHeap)
      log(
        `memory after full GC heap + external idle ${mb(kept(idleHeap))}, joined ${mb(kept(joinedHeap))}; ` +
          `per connection ${heapPerConnKb.toFixed(1)} KB; RSS per connection ` +
          `${((joinedHeap.rss - idleHeap.rss) / sockets / 1024).toFixed(1)} KB`,
      );
    log(
      `clients (this process) CPU ${(((cpu.user + cpu.system) / 1e6 / (sendSeconds + drainSeconds)) * 100).toFixed(0)} % of one core, ` +
        `event-loop delay p99 ${ms(loop.percentile(99) / 1e6)} max ${ms(loop.max / 1e6)}`,
    );
    for (const m of perFloor.flat()) m.client.disconnect();
    await pause(500);
    return {
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      ackP99: pct(ackSorted, 99),
      refused: sent - ok,
      serverCpu,
      perConnKb: (before.rss - idle.rss) / sockets / 1024,
      heapPerConnKb,
    };
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);

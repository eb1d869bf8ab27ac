/**
 * Presence C: the live floor on two server processes sharing Redis and
 * MariaDB, side by side in the same run with two bare Socket.IO processes on
 * the Redis adapter that batch as the product does (bench/support/
 * bare-broadcaster.ts); the owner of the floors is killed mid-run.
 *
 *   node --import tsx bench/floor-cluster.ts [--floors N] [--users N] [--hz N] [--seconds N] [--kill-at S]
 *
 * Clients alternate between the two processes (member 0 of every floor on
 * process A, so A owns every floor: the clients on B are all forwarded).
 * Each sends floor:joinRoom to a random room at H Hz (open loop); fan-out
 * latency is from sending a move to each other client of the floor seeing
 * it (as bench/floor-fanout.ts). At --kill-at seconds process A gets
 * SIGKILL: its clients drop, B's clients keep moving; the time from the
 * kill to B's first answered move is the failover time. Fan-out figures are
 * split before / after the kill. Needs Redis on 127.0.0.1:6379 and MariaDB
 * (BENCH_MYSQL_URL, default mysql://root@127.0.0.1:3306).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import {
  batchPlaces,
  request,
  type ClientToServerEvents,
  type FloorInitialData,
  type FloorUserDto,
  type ServerToClientEvents,
} from '@tsudoi/common';
import { CLK_TCK, freshDatabase, procStats, simulatedAddress, startServer } from './support/server-process';
import { setupFloors, type Member } from './support/floor-setup';
import { pct, Samples } from './support/samples';
import { benchArgs } from './support/args';
import { movableRooms } from './support/rooms';
import { startBare, stop } from './support/bare-process';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const args = benchArgs(
  'Presence C: the live floor on two server processes, the owner killed mid-run.\n\n  npm run bench:cluster -- [options]',
  {
    floors: { number: 4, help: 'floors, each with its own team and users' },
    users: { number: 50, help: 'socket users per floor, half on each process' },
    hz: { number: 10, help: 'moves per second per user, open loop' },
    seconds: { number: 20, help: 'how long the moves are sent' },
    'kill-at': { number: 10, help: 'when process A (the owner of every floor) gets SIGKILL, in seconds' },
    'skip-baseline': { flag: true, help: 'do not run the two bare Socket.IO processes' },
    'cpu-prof': {
      text: 'DIR',
      help: 'write V8 CPU profiles of both server processes into DIR/a and DIR/b\n(A has one only when --kill-at is past --seconds: a SIGKILL writes none)',
    },
  },
);
const FLOORS = args.floors;
const USERS = args.users;
const HZ = args.hz;
const SECONDS = args.seconds;
const KILL_AT = args['kill-at'];
const log = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Move {
  target: number;
  sentAt: number;
  ok: boolean | undefined;
}
interface Person extends Member {
  client: Client;
  moves: Move[];
  seenUpTo: Map<number, number>;
  last: number;
  alive: boolean;
}
interface Run {
  before: Samples;
  after: Samples;
  acks: { ok: number; failed: number };
  codes: Map<string, number>;
  failoverMs: number | undefined;
}

function open(url: string, token: string, i: number): Promise<Client> {
  const client: Client = connect(url, {
    transports: ['websocket'],
    query: { lang: 'en' },
    auth: { token },
    extraHeaders: { 'x-forwarded-for': simulatedAddress(i) },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

/** Connects every member (member i to urls[i % urls.length]), joins, moves for SECONDS; `kill` runs at KILL_AT. */
async function measure(
  urls: string[],
  floors: { floorId: number; members: Member[] }[],
  kill?: () => void,
  onMoves?: (phase: 'start' | 'end') => void,
): Promise<Run> {
  const run: Run = {
    before: new Samples(),
    after: new Samples(),
    acks: { ok: 0, failed: 0 },
    codes: new Map(),
    failoverMs: undefined,
  };
  let killedAt = Infinity;
  let opened = 0;
  const everyone: { people: Person[]; rooms: number[] }[] = [];
  for (const floor of floors) {
    const people: Person[] = [];
    for (const [i, m] of floor.members.entries()) {
      const client = await open(urls[i % urls.length]!, m.token, opened++);
      people.push({ ...m, client, moves: [], seenUpTo: new Map(), last: 0, alive: true });
    }
    const byUser = new Map(people.map((p) => [p.userId, p]));
    for (const p of people) {
      p.client.on('disconnect', () => (p.alive = false));
      p.client.on('floor:usersChanged', (batch) => {
        const now = performance.now();
        for (const u of batchPlaces(batch)) {
          const mover = byUser.get(u.userId);
          if (!mover || u.userId === p.userId) continue;
          const from = mover.seenUpTo.get(p.userId) ?? 0;
          let k = from;
          while (k < mover.moves.length && (mover.moves[k]!.target !== u.roomId || mover.moves[k]!.ok === false)) k++;
          if (k === mover.moves.length) continue;
          for (let j = from; j <= k; j++) {
            const move = mover.moves[j]!;
            if (move.ok !== false) (move.sentAt < killedAt ? run.before : run.after).push(now - move.sentAt);
          }
          mover.seenUpTo.set(p.userId, k + 1);
        }
      });
    }
    let rooms: number[] = [];
    for (const p of people) {
      const a = await request<FloorInitialData>(p.client, 'floor:joinOffice', { floorId: floor.floorId }, 30_000);
      if (!a.ok) throw new Error(`join failed: ${a.error.code}`);
      rooms = movableRooms(a.data.rooms);
    }
    everyone.push({ people, rooms });
  }
  log(`joined ${opened} sockets on ${urls.length} process(es)`);
  await pause(2000);
  const timers: NodeJS.Timeout[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  onMoves?.('start');
  for (const { people, rooms } of everyone)
    for (const p of people) {
      const send = () => {
        if (!p.alive) return;
        let target = p.last;
        while (target === p.last) target = rooms[Math.floor(Math.random() * rooms.length)]!;
        p.last = target;
        const move: Move = { target, sentAt: performance.now(), ok: undefined };
        p.moves.push(move);
        pending.push(
          request<FloorUserDto>(p.client, 'floor:joinRoom', { roomId: target }, 10_000).then((a) => {
            move.ok = a.ok;
            run.acks[a.ok ? 'ok' : 'failed']++;
            if (!a.ok) run.codes.set(a.error.code, (run.codes.get(a.error.code) ?? 0) + 1);
            if (a.ok && move.sentAt > killedAt && run.failoverMs === undefined)
              run.failoverMs = performance.now() - killedAt;
          }),
        );
      };
      timers.push(setTimeout(() => timers.push(setInterval(send, 1000 / HZ)), Math.random() * (1000 / HZ)));
    }
  if (kill && KILL_AT < SECONDS)
    timers.push(
      setTimeout(() => {
        killedAt = performance.now();
        kill();
      }, KILL_AT * 1000),
    );
  await pause(SECONDS * 1000);
  onMoves?.('end');
  for (const t of timers) clearInterval(t);
  log(`moves sent for ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await Promise.all(pending);
  await pause(1000);
  for (const { people } of everyone) for (const p of people) p.client.disconnect();
  return run;
}

function report(label: string, run: Run) {
  const b = run.before.sorted();
  const a = run.after.sorted();
  log(`── ${label}`);
  const codes = [...run.codes].map(([code, n]) => `${code} ${n}`).join(', ');
  log(`acks                 ok ${run.acks.ok}, failed ${run.acks.failed}${codes ? ` (${codes})` : ''}`);
  log(
    `fan-out before kill  p50 ${ms(pct(b, 50))} p99 ${ms(pct(b, 99))} max ${ms(pct(b, 100))} (${b.length} deliveries)`,
  );
  if (a.length) log(`fan-out after kill   p50 ${ms(pct(a, 50))} p99 ${ms(pct(a, 99))} (${a.length} deliveries)`);
  if (run.failoverMs !== undefined)
    log(`failover             first answered move ${ms(run.failoverMs)} after SIGKILL of the owner`);
}

async function main() {
  log(
    `presence C: ${FLOORS} floor(s) × ${USERS} users × ${HZ} Hz × ${SECONDS} s, kill at ${KILL_AT} s, load ${loadavg()}`,
  );
  let bare: Run | undefined;
  if (!args['skip-baseline']) {
    // two bare processes on the Redis adapter, batching as the product does, the clients split between them
    const one = await startBare(FLOORS, USERS, undefined, 'redis://127.0.0.1:6379');
    const two = await startBare(FLOORS, USERS, undefined, 'redis://127.0.0.1:6379');
    bare = await measure([one.target.url, two.target.url], one.target.floors);
    await stop(one.child);
    await stop(two.child);
    report('bare Socket.IO broadcaster (2 processes + Redis adapter, batched)', bare);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-bench-c-'));
  const db = await freshDatabase('mysql', tmp);
  const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
  const procs: ChildProcess[] = [];
  try {
    const prof = (name: string) => (args['cpu-prof'] ? path.join(args['cpu-prof'], name) : undefined);
    const a = await startServer({ dataDir: path.join(tmp, 'a'), databaseUrl: db.url, env, cpuProfDir: prof('a') });
    procs.push(a.child);
    const b = await startServer({ dataDir: path.join(tmp, 'b'), databaseUrl: db.url, env, cpuProfDir: prof('b') });
    procs.push(b.child);
    const floors = await setupFloors(a.url, db.url, FLOORS, USERS);
    // CPU from the first move to the kill (or to the end of the moves when there is none)
    const ticks = () => [a, b].map((p) => procStats(p.child.pid!).ticks);
    let cpu0: number[] = [];
    let cpuEnd: number[] = [];
    let movesAt = 0;
    let endAt = 0;
    const stopClock = () => {
      cpuEnd = ticks();
      endAt = performance.now();
    };
    const product = await measure(
      [a.url, b.url],
      floors,
      () => {
        stopClock();
        a.child.kill('SIGKILL');
      },
      (phase) => {
        if (phase === 'end') {
          if (!cpuEnd.length) stopClock();
          return;
        }
        cpu0 = ticks();
        movesAt = performance.now();
      },
    );
    const cpu = (i: number) => (((cpuEnd[i]! - cpu0[i]!) / CLK_TCK / ((endAt - movesAt) / 1000)) * 100).toFixed(0);
    report(
      `Tsudoi, 2 processes + Redis + MariaDB (A ${cpu(0)} % / B ${cpu(1)} % of a core while moving${KILL_AT < SECONDS ? ', up to the kill' : ''})`,
      product,
    );
    if (bare) {
      const p = pct(product.before.sorted(), 99);
      const q = pct(bare.before.sorted(), 99);
      log(`product / bare       fan-out p99 ${ms(p)} / ${ms(q)} = ${(p / q).toFixed(2)}×`);
    }
  } finally {
    for (const c of procs) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await pause(3000);
    await db.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log(`load after ${loadavg()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);

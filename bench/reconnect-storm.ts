/**
 * Reconnect storm (issue 27): everyone on their floors loses the server and comes back.
 *
 *   npm run bench:reconnect -- [--floors 20] [--users 50] [--signal SIGKILL|SIGTERM] [--mysql]
 *
 * The product: the server's bundle as a child process on a fixed port (SQLite, or MariaDB with --mysql).
 * Each client is a socket.io-client with the app's reconnection settings (SOCKET_RECONNECT in common:
 * websocket, 500 ms first delay, at most 3 s, each delay shortened by up to half at random), and does what the app
 * does on every connect: `floor:joinOffice`. Before the storm each person walks to their own table (the
 * floor's open tables in turn). Then the server gets the signal and is started again on the same port and database;
 * the clients find it by themselves. Measured from the moment the new process listens to each client's
 * `floor:joinOffice` answered with that person at their table: p50, p95, the last, how many within 5 s,
 * and the server's CPU over the storm.
 *
 * Bare baseline in the same run, the same way: bench/support/bare-broadcaster.ts on a fixed port
 * (BARE_PLACES=table: it answers joinOffice with the floor's rooms and people, each at their table, from
 * memory, and tells the floor, batched as the product does), killed with the same signal and started again.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import {
  request,
  SOCKET_RECONNECT,
  type ClientToServerEvents,
  type FloorInitialData,
  type ServerToClientEvents,
} from '@tsudoi/common';
import { CLK_TCK, freshDatabase, procStats, simulatedAddress, startServer } from './support/server-process';
import { setupFloors } from './support/floor-setup';
import { spawnBaseline } from './support/bare-process';
import { benchArgs } from './support/args';
import { loadAverage } from './support/rtp-source';
import { movableRooms } from './support/rooms';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const args = benchArgs(
  'Reconnect storm: every client loses the server and comes back.\n\n  npm run bench:reconnect -- [options]',
  {
    floors: { number: 20, help: 'floors, each with its own team' },
    users: { number: 50, help: 'socket users per floor' },
    signal: { choices: ['SIGKILL', 'SIGTERM'] as const, help: 'how the server goes' },
    mysql: { flag: true, help: 'the product on MariaDB (BENCH_MYSQL_URL, default mysql://root@127.0.0.1:3306)' },
    'skip-baseline': { flag: true, help: 'do not run the bare Socket.IO server' },
    'cpu-prof': { text: 'DIR', help: 'a V8 CPU profile of the restarted server into DIR (npm run bench:profile)' },
  },
);
const SIGNAL: NodeJS.Signals = args.signal;
const log = (line: string) => process.stdout.write(`${line}\n`);
/** The bare server's table of a person (bare-broadcaster.ts, BARE_PLACES=table). */
const table = (userId: number) => 2 + (userId % 23);

interface Person {
  userId: number;
  floorId: number;
  token: string;
  /** The room id of the person's table on their floor. */
  roomId: number;
  client?: Client;
  /** When the person was last back: their joinOffice answered with them at their table. */
  backAt?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Connects everyone; each joins their floor on every connect and records when they are back at their table. */
async function connectAll(url: string, people: Person[]): Promise<void> {
  await Promise.all(
    people.map(
      (p, i) =>
        new Promise<void>((resolve, reject) => {
          const client: Client = connect(url, {
            transports: ['websocket'],
            auth: { token: p.token },
            extraHeaders: { 'x-forwarded-for': simulatedAddress(i + 1) },
            reconnection: true,
            ...SOCKET_RECONNECT,
          });
          p.client = client;
          let first = true;
          client.on('connect', () => {
            request<FloorInitialData>(client, 'floor:joinOffice', { floorId: p.floorId }, 60_000).then(
              (answer) => {
                const me = answer.ok ? answer.data.users.find((u) => u.userId === p.userId) : undefined;
                if (me?.roomId === p.roomId) p.backAt = performance.now();
                if (first) {
                  first = false;
                  resolve();
                }
              },
              (err: unknown) => (first ? reject(err as Error) : undefined),
            );
          });
        }),
    ),
  );
}

/** Everyone walks to their own table (the product keeps the place; the bare server knows it). */
async function toTables(people: Person[]): Promise<void> {
  for (let i = 0; i < people.length; i += 100)
    await Promise.all(
      people.slice(i, i + 100).map(async (p) => {
        const a = await request(p.client!, 'floor:joinRoom', { roomId: p.roomId }, 30_000);
        if (!a.ok) throw new Error(`joinRoom: ${a.error.code}`);
      }),
    );
}

interface Storm {
  back: number[];
  missing: number;
  cpuPct: number;
}

/** Kills the server, starts it again, and waits until everyone is back (at most 60 s). */
async function storm(
  people: Person[],
  child: ChildProcess,
  restart: () => Promise<ChildProcess>,
): Promise<{ result: Storm; child: ChildProcess }> {
  for (const p of people) p.backAt = undefined;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(SIGNAL);
  await exited;
  const next = await restart();
  const listening = performance.now();
  const ticks = procStats(next.pid!).ticks;
  const deadline = listening + 60_000;
  while (people.some((p) => p.backAt === undefined) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const seconds = (performance.now() - listening) / 1000;
  const cpuPct = ((procStats(next.pid!).ticks - ticks) / CLK_TCK / seconds) * 100;
  const back = people
    .filter((p) => p.backAt !== undefined)
    .map((p) => Math.max(0, p.backAt! - listening))
    .sort((a, b) => a - b);
  return { result: { back, missing: people.length - back.length, cpuPct }, child: next };
}

function report(label: string, r: Storm, total: number): void {
  const at = (q: number) => (r.back.length ? r.back[Math.min(r.back.length - 1, Math.floor(q * r.back.length))]! : NaN);
  const within5 = r.back.filter((ms) => ms <= 5000).length;
  log(
    `${label}: ${r.back.length}/${total} back at their tables; p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, ` +
      `last ${(r.back.at(-1) ?? NaN).toFixed(0)} ms; within 5 s: ${within5}; server CPU ${r.cpuPct.toFixed(0)} % over the storm`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-reconnect-'));
const killers: (() => void)[] = [];
try {
  log(`load average before: ${loadAverage()}; ${args.floors} floors × ${args.users} users, ${SIGNAL}`);
  let bare: Storm | undefined;
  if (!args['skip-baseline']) {
    const port = await freePort();
    const start = async () =>
      (
        await spawnBaseline('bench/support/bare-broadcaster.ts', [], {
          args: [],
          env: { BARE_PORT: String(port), BARE_PLACES: 'table' },
        })
      ).child;
    let child = await start();
    killers.push(() => child.kill('SIGKILL'));
    const people: Person[] = [];
    for (let f = 1; f <= args.floors; f++)
      for (let i = 0; i < args.users; i++) {
        const userId = f * 1000 + i + 1;
        people.push({ userId, floorId: f, token: `bare:${userId}`, roomId: f * 100 + table(userId) });
      }
    await connectAll(`http://127.0.0.1:${port}`, people);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const out = await storm(people, child, start);
    child = out.child;
    bare = out.result;
    for (const p of people) p.client!.disconnect();
    child.kill('SIGKILL');
    report('bare Socket.IO', bare, people.length);
  }

  const db = await freshDatabase(args.mysql ? 'mysql' : 'sqlite', dir);
  const port = await freePort();
  const start = async (cpuProfDir?: string) =>
    (
      await startServer({
        dataDir: path.join(dir, 'data'),
        databaseUrl: db.url,
        env: { PORT: String(port) },
        cpuProfDir,
      })
    ).child;
  let child = await start();
  killers.push(() => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  const floors = await setupFloors(url, db.url, args.floors, args.users);
  const people: Person[] = [];
  for (const f of floors)
    for (const m of f.members) people.push({ userId: m.userId, floorId: f.floorId, token: m.token, roomId: 0 });
  await connectAll(url, people);
  // each person's table on their floor: the open tables in turn (from the first answer)
  for (const f of floors) {
    const mine = people.filter((x) => x.floorId === f.floorId);
    const a = await request<FloorInitialData>(mine[0]!.client!, 'floor:joinOffice', { floorId: f.floorId }, 30_000);
    if (!a.ok) throw new Error(a.error.code);
    const tables = movableRooms(a.data.rooms);
    mine.forEach((p, i) => (p.roomId = tables[i % tables.length]!));
  }
  await toTables(people);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the places are written behind (100 ms)
  const out = await storm(people, child, () => start(args['cpu-prof']));
  child = out.child;
  report('product', out.result, people.length);
  if (bare?.back.length && out.result.back.length)
    log(
      `product / bare: p50 ${(out.result.back[Math.floor(out.result.back.length / 2)]! / Math.max(1, bare.back[Math.floor(bare.back.length / 2)]!)).toFixed(2)}, ` +
        `last ${(out.result.back.at(-1)! / Math.max(1, bare.back.at(-1)!)).toFixed(2)}`,
    );
  for (const p of people) p.client?.disconnect();
  if (args['cpu-prof']) {
    // SIGTERM: the profile is written as the process ends
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await db.drop();
  log(`load average after: ${loadAverage()}`);
} finally {
  for (const kill of killers) kill();
  fs.rmSync(dir, { recursive: true, force: true });
}

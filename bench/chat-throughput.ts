/**
 * Chat throughput benchmark (issue 6): messages per second across many
 * conversations, persisted.
 *
 *   node --import tsx bench/chat-throughput.ts [--rate 1000] [--seconds 10] [--pairs 200]
 *        [--db sqlite|mysql] [--cpu-prof DIR]
 *   npm run bench:chat -- --db mysql
 *
 * 1. Starts the real server as a child process (`node
 *    server/dist/main.mjs`, the bundle `npm start` runs, NODE_ENV=production, port 0, DATA_DIR in a temp
 *    dir) on a fresh SQLite file, or with --db mysql a fresh MariaDB database
 *    on mysql://root@127.0.0.1:3306 (BENCH_MYSQL_URL overrides), dropped
 *    afterwards. Its CPU time is read from /proc/<pid>.
 * 2. Setup through the models (this process opens the same database): one
 *    team of 2 × pairs accounts with real sessions; one socket.io-client
 *    socket each; each pair opens its private conversation (chat:join).
 * 3. Open loop: the sockets take turns to send chat:sendMessage so that
 *    together they send `rate` messages a second for `seconds` (each sender
 *    stays under the per-account limit), without waiting for answers. Every
 *    message has a unique clientMessageId.
 * 4. Latency: from the send to the other member's chat:messageCreated (one
 *    monotonic clock: the clients all run here). Lost and duplicated are
 *    counted twice: rows in chat_messages (by clientMessageId) and events at
 *    the receivers. Both must be zero.
 * 5. First, in the same run, the same load against the bare baseline
 *    (bench/support/bare-chat.ts: plain Socket.IO and one SQLite INSERT per
 *    message); the last line gives the product's figures over the bare ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { QueryTypes } from 'sequelize';
import { io as connect, type Socket } from 'socket.io-client';
import {
  CHAT_RATE_LIMIT,
  request,
  type Ack,
  type ChatConversationDto,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@tsudoi/common';
import { createSequelize } from '../server/src/db';
import { defineModels } from '../server/src/db/models';
import { createLogger } from '../server/src/lib/logger';
import { TokenService } from '../server/src/features/auth/tokens.service';
import { cpuSeconds, freshDatabase, JWT_SECRET, simulatedAddress, startServer } from './support/server-process';
import { spawnBaseline, stop } from './support/bare-process';
import { benchArgs } from './support/args';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const args = benchArgs('Chat throughput benchmark (docs/benchmarks.md).\n\n  npm run bench:chat -- [options]', {
  rate: { number: 1000, help: 'messages a second, all senders together, open loop' },
  seconds: { number: 10, help: 'how long the messages are sent' },
  pairs: { number: 200, help: 'private conversations (two accounts each)' },
  db: {
    choices: ['sqlite', 'mysql'],
    help: 'a fresh SQLite file, or a fresh database on\nBENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306)',
  },
  'cpu-prof': { text: 'DIR', help: 'write a V8 CPU profile of the server into DIR' },
});
const RATE = args.rate;
const SECONDS = args.seconds;
const PAIRS = args.pairs;
const DB = args.db;
if (![RATE, SECONDS, PAIRS].every((n) => n > 0)) throw new Error('positive numbers only');
const perSender = RATE / (PAIRS * 2);
if (perSender > CHAT_RATE_LIMIT.points / CHAT_RATE_LIMIT.duration)
  throw new Error(`${perSender.toFixed(1)} messages/s per account is over the chat limit: use more --pairs`);

const log = (line: string) => process.stdout.write(`${line}\n`);

/** What one load run measured. */
interface Figures {
  sent: number;
  sendRate: number;
  allDeliveredAfterS: number;
  refused: Record<string, number>;
  stored: number;
  lostInDb: number;
  duplicatedInDb: number;
  lostAtReceivers: number;
  duplicatedAtReceivers: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  serverCpuPercent: number;
  clientCpuPercent: number;
  clientLoopDelayP99Ms: number;
}

/** Connects one socket per token (each from its own simulated address); answers once all are connected. */
async function connectAll(url: string, tokens: string[]): Promise<Client[]> {
  const out: Client[] = [];
  for (const [i, token] of tokens.entries())
    out.push(
      await new Promise<Client>((resolve, reject) => {
        const c: Client = connect(url, {
          transports: ['websocket'],
          auth: { token },
          extraHeaders: { 'x-forwarded-for': simulatedAddress(i) },
          forceNew: true,
          reconnection: false,
        });
        c.once('connect', () => resolve(c));
        c.once('connect_error', reject);
      }),
    );
  return out;
}

/**
 * The measured load: `rate` messages a second for `seconds`, senders in turn, open loop; then waits up to
 * 10 s for every delivery. `count` answers the rows stored and their distinct clientMessageIds.
 */
async function load(
  pid: number,
  clients: Client[],
  userIds: number[],
  conversations: number[],
  count: () => Promise<{ stored: number; distinct: number }>,
): Promise<Figures> {
  // warm-up (not measured): one message from each member of each pair, so neither the first batch's cold
  // start nor any socket's first send (its account read once per socket) is in the figures (the load's
  // senders take turns over every socket; warming only the first of each pair left 600 first sends, and
  // their reads queued with the writes, inside the measured first second)
  await Promise.all(
    clients.map((client, i) =>
      request(client, 'chat:sendMessage', { conversationId: conversations[Math.floor(i / 2)]!, content: 'warm-up' }),
    ),
  );
  const sentAt = new Map<string, number>();
  const received = new Map<string, number>();
  const latencies: number[] = [];
  let duplicatesSeen = 0;
  const refusals = new Map<string, number>();
  clients.forEach((c, i) =>
    c.on('chat:messageCreated', (m) => {
      if (m.userId === userIds[i] || !m.clientMessageId) return;
      const n = (received.get(m.clientMessageId) ?? 0) + 1;
      received.set(m.clientMessageId, n);
      if (n > 1) duplicatesSeen++;
      else latencies.push(performance.now() - sentAt.get(m.clientMessageId)!);
    }),
  );

  const total = RATE * SECONDS;
  const cpuBefore = cpuSeconds(pid);
  const clientCpuBefore = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const start = performance.now();
  const answers: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const wait = start + (n * 1000) / RATE - performance.now();
    if (wait > 2) await new Promise((r) => setTimeout(r, wait));
    const sender = n % clients.length;
    const id = `b${n}`;
    sentAt.set(id, performance.now());
    answers.push(
      request(clients[sender]!, 'chat:sendMessage', {
        conversationId: conversations[Math.floor(sender / 2)]!,
        content: `message ${n} <b>bold</b>`,
        clientMessageId: id,
      }).then((a) => {
        const answer = a as Ack<unknown>;
        if (!answer.ok) refusals.set(answer.error.code, (refusals.get(answer.error.code) ?? 0) + 1);
      }),
    );
  }
  const sendSeconds = (performance.now() - start) / 1000;
  await Promise.all(answers);
  const refused = [...refusals.values()].reduce((a, b) => a + b, 0);
  const deadline = Date.now() + 10_000;
  while (received.size < total - refused && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const allSeconds = (performance.now() - start) / 1000;
  const serverCpu = cpuSeconds(pid) - cpuBefore;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  loopDelay.disable();
  const { stored, distinct } = await count();
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN).toFixed(1));
  return {
    sent: total,
    sendRate: Math.round(total / sendSeconds),
    allDeliveredAfterS: Number(allSeconds.toFixed(2)),
    refused: Object.fromEntries(refusals),
    stored,
    lostInDb: total - distinct,
    duplicatedInDb: stored - distinct,
    lostAtReceivers: total - received.size,
    duplicatedAtReceivers: duplicatesSeen,
    latencyMs: { p50: q(0.5), p95: q(0.95), p99: q(0.99), max: q(1) },
    serverCpuPercent: Math.round((100 * serverCpu) / allSeconds),
    clientCpuPercent: Math.round((clientCpu.user + clientCpu.system) / 1e4 / allSeconds),
    clientLoopDelayP99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-bench-chat-'));
const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(1)));
log(
  `chat throughput: ${RATE} messages/s × ${SECONDS} s over ${PAIRS} conversations, ${DB}, load average ${loadAverage().join(' ')}`,
);

// 1. the bare baseline
let bare: Figures;
{
  const { child, url } = await spawnBaseline('bench/support/bare-chat.ts', [path.join(dir, 'bare.sqlite')]);
  const ids = Array.from({ length: PAIRS * 2 }, (_, i) => i);
  const clients = await connectAll(
    url,
    ids.map((i) => `bare:${i}`),
  );
  try {
    const raw = clients[0] as unknown as { emitWithAck(event: string, payload: unknown): Promise<unknown> };
    bare = await load(
      child.pid!,
      clients,
      ids,
      Array.from({ length: PAIRS }, (_, i) => i + 1),
      async () => (await raw.emitWithAck('bench:count', {})) as { stored: number; distinct: number },
    );
  } finally {
    for (const c of clients) c.disconnect();
    await stop(child);
  }
  log(`\n── bare Socket.IO + SQLite (one INSERT per message) ──\n${JSON.stringify(bare, null, 2)}`);
}

// 2. the product
const db = await freshDatabase(DB, dir);
const { child, url } = await startServer({ dataDir: dir, databaseUrl: db.url, cpuProfDir: args['cpu-prof'] });
const sequelize = createSequelize(db.url, createLogger('silent'));
const models = defineModels(sequelize);
const tokens = new TokenService(models, JWT_SECRET);
let clients: Client[] = [];
try {
  const team = await models.Company.create({ name: 'Bench', maxEmployee: 100_000, ownerId: null });
  const people: { id: number; token: string }[] = [];
  for (let i = 0; i < PAIRS * 2; i++) {
    const user = await models.User.create({
      name: `user ${i}`,
      email: `u${i}@bench.example`,
      passwordHash: null,
      verifiedAt: new Date(),
      employmentCompanyId: team.id,
      employeeRole: 'EMPLOYEE',
    } as never);
    people.push({ id: user.id, token: (await tokens.issue(user)).accessToken });
  }
  clients = await connectAll(
    url,
    people.map((p) => p.token),
  );
  const conversations: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const answer = (await request(clients[2 * i]!, 'chat:join', {
      scope: 'private',
      userId: people[2 * i + 1]!.id,
    })) as Ack<ChatConversationDto>;
    if (!answer.ok) throw new Error(answer.error.message);
    conversations.push(answer.data.id);
  }
  const product = await load(
    child.pid!,
    clients,
    people.map((p) => p.id),
    conversations,
    async () => {
      const [counts] = await sequelize.query<{ stored: number; distinct: number }>(
        "SELECT COUNT(*) AS stored, COUNT(DISTINCT client_message_id) AS `distinct` FROM chat_messages WHERE client_message_id LIKE 'b%'",
        { type: QueryTypes.SELECT },
      );
      return { stored: Number(counts!.stored), distinct: Number(counts!.distinct) };
    },
  );
  log(
    `\n── Tsudoi server ──\n${JSON.stringify({ db: DB, conversations: PAIRS, sockets: clients.length, ...product }, null, 2)}`,
  );
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  log(
    `\nload average after ${loadAverage().join(' ')}\nproduct / bare: sent ${product.sendRate} / ${bare.sendRate} a second; ` +
      `p50 ${product.latencyMs.p50} / ${bare.latencyMs.p50} ms = ${ratio(product.latencyMs.p50, bare.latencyMs.p50)}, ` +
      `p99 ${product.latencyMs.p99} / ${bare.latencyMs.p99} ms = ${ratio(product.latencyMs.p99, bare.latencyMs.p99)}; ` +
      `server CPU ${product.serverCpuPercent} / ${bare.serverCpuPercent} %; ` +
      `lost ${product.lostInDb} / ${bare.lostInDb}, duplicated ${product.duplicatedInDb} / ${bare.duplicatedInDb}`,
  );
} finally {
  for (const c of clients) c.disconnect();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await sequelize.close();
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Chat throughput benchmark (issue 6): N messages per second across many
 * private conversations, persisted.
 *
 *   node --import tsx bench/chat-throughput.ts [--rate 1000] [--seconds 10] [--pairs 200]
 *   TEST_MYSQL_URL=mysql://root@127.0.0.1:3306 npm run bench:chat   (MariaDB)
 *
 * Starts the real server in this process (server/src/testing startTestServer:
 * a fresh SQLite file, or a fresh MariaDB database with TEST_MYSQL_URL), makes
 * 2 × pairs accounts of one team with real sessions, opens one socket.io-client
 * socket each, joins each pair's private conversation, then every socket sends
 * chat:sendMessage open-loop (not waiting for answers) so that together they
 * send `rate` messages a second for `seconds`. Each message carries a unique
 * clientMessageId. Latency: from the send to the other member's
 * chat:messageCreated (one clock: same process). Afterwards it counts the
 * rows in chat_messages: lost = sent − stored, duplicated = rows sharing a
 * clientMessageId; and the same at the receivers. Clients and server share
 * this process's CPU, so the figures are conservative.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import {
  request,
  type Ack,
  type ChatConversationDto,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@tsudoi/common';
import { startTestServer } from '../server/src/testing/test-server';
import { actor } from '../server/src/features/companies/fixtures';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    pairs: { type: 'string', default: '200' },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const PAIRS = Number(args.pairs);

const server = await startTestServer({ LOG_LEVEL: 'warn' });
const dialect = server.sequelize.getDialect();
const team = await server.models.Company.create({ name: 'Bench', maxEmployee: 10_000, ownerId: null });
const people: Awaited<ReturnType<typeof actor>>[] = [];
for (let i = 0; i < PAIRS * 2; i++)
  people.push(await actor(server, `u${i}@bench.example`, { employmentCompanyId: team.id, employeeRole: 'EMPLOYEE' }));
const clients: Client[] = await Promise.all(
  people.map(
    (p) =>
      new Promise<Client>((resolve, reject) => {
        const c: Client = connect(server.url, {
          transports: ['websocket'],
          auth: { token: p.headers.Authorization.slice(7) },
          forceNew: true,
          reconnection: false,
        });
        c.once('connect', () => resolve(c));
        c.once('connect_error', reject);
      }),
  ),
);
const conversations: number[] = [];
for (let i = 0; i < PAIRS; i++) {
  const answer = (await request(clients[2 * i]!, 'chat:join', {
    scope: 'private',
    userId: people[2 * i + 1]!.user.id,
  })) as Ack<ChatConversationDto>;
  if (!answer.ok) throw new Error(answer.error.message);
  conversations.push(answer.data.id);
}

const sentAt = new Map<string, number>();
const received = new Map<string, number>();
const latencies: number[] = [];
let duplicatesSeen = 0;
let refused = 0;
clients.forEach((c, i) =>
  c.on('chat:messageCreated', (m) => {
    if (m.userId === people[i]!.user.id || !m.clientMessageId) return;
    const n = (received.get(m.clientMessageId) ?? 0) + 1;
    received.set(m.clientMessageId, n);
    if (n > 1) duplicatesSeen++;
    else latencies.push(performance.now() - sentAt.get(m.clientMessageId)!);
  }),
);

const total = RATE * SECONDS;
const start = performance.now();
const answers: Promise<unknown>[] = [];
for (let n = 0; n < total; n++) {
  const due = start + (n * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 2) await new Promise((r) => setTimeout(r, wait));
  const sender = n % clients.length;
  const id = `b${n}`;
  sentAt.set(id, performance.now());
  answers.push(
    request(clients[sender]!, 'chat:sendMessage', {
      conversationId: conversations[Math.floor(sender / 2)]!,
      content: `message ${n}`,
      clientMessageId: id,
    }).then((a) => {
      if (!(a as Ack<unknown>).ok && refused++ === 0) console.error('first refusal', (a as { error?: unknown }).error);
    }),
  );
}
const sendSeconds = (performance.now() - start) / 1000;
await Promise.all(answers);
const deadline = Date.now() + 10_000;
while (latencies.length < total - refused && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
const allSeconds = (performance.now() - start) / 1000;

const [{ rows, distinct }] = (await server.sequelize.query(
  "SELECT COUNT(*) AS `rows`, COUNT(DISTINCT client_message_id) AS `distinct` FROM chat_messages WHERE client_message_id LIKE 'b%'",
  { type: 'SELECT' as never },
)) as unknown as [{ rows: number; distinct: number }];
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]?.toFixed(1);
console.log(
  JSON.stringify(
    {
      dialect,
      conversations: PAIRS,
      sockets: clients.length,
      targetRate: RATE,
      sent: total,
      sendSeconds: Number(sendSeconds.toFixed(2)),
      achievedRate: Math.round(total / sendSeconds),
      deliveredAllWithinS: Number(allSeconds.toFixed(2)),
      refused,
      stored: Number(rows),
      lostInDb: total - Number(distinct),
      duplicatedInDb: Number(rows) - Number(distinct),
      lostAtReceiver: total - received.size,
      duplicatedAtReceiver: duplicatesSeen,
      latencyMs: { p50: q(0.5), p95: q(0.95), p99: q(0.99), max: latencies.at(-1)?.toFixed(1) },
    },
    null,
    2,
  ),
);
for (const c of clients) c.disconnect();
await server.close();
process.exit(0);

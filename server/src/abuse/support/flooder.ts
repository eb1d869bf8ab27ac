/**
 * The attacker of socket-flood.abuse.ts, run as its own (niced) process so
 * its CPU stands for another machine's and its event loop does not delay the
 * victims' clocks: `node --import tsx flooder.ts '<FloodPlan JSON>'`.
 *
 * Each of its sockets connects, joins the floor and opens the floor chat;
 * once all have tried, it prints `ready` and takes commands, one a line, on
 * its standard input: `go` starts the flood, `stop` pauses it (the sockets
 * stay open and quiet), `end` prints one JSON line of what happened and
 * exits. While it goes, every socket floods as fast as its loop goes: read
 * events (chat:getMessages, chat:getHistoryConversations, chat:getLastRead,
 * system:ping), floor events (floor:updateUser), events without an
 * acknowledgement, events nobody handles, deeply nested payloads and, on the
 * sockets told so, one payload over the message size limit (sent by the
 * slot's first connection that joins). A socket the
 * server drops connects again after `reconnectMs` (and joins and floods
 * again) while the flood goes.
 */
import readline from 'node:readline';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tsudoi/common';

export interface FloodPlan {
  url: string;
  floorId: number;
  /**
   * One entry per socket: its token, the client address it claims
   * (X-Forwarded-For, trusted from loopback), and whether it sends one message
   * over the size limit (once, from its first connection that joins).
   */
  sockets: { token: string; address: string; oversized?: boolean }[];
  reconnectMs: number;
}

export interface FloodReport {
  sent: number;
  /** Answers by code ('ok' for a success). */
  answers: Record<string, number>;
  /** Refused handshakes by code (or Socket.IO's message when there is no code). */
  connectErrors: Record<string, number>;
  /** Server-side disconnects by reason. */
  disconnects: Record<string, number>;
  connects: number;
}

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Raw = {
  emit(event: string, ...args: unknown[]): void;
  timeout(ms: number): { emit(event: string, ...args: unknown[]): void };
};
const plan = JSON.parse(process.argv[2]!) as FloodPlan;
/**
 * The slots whose oversized message is still to send. It goes with the first connection of the slot that
 * joins, not with its first try: which of the sockets over a cap is refused is a race, and a refused first
 * try must not take the oversized message with it.
 */
const oversizedDue = new Set(plan.sockets.filter((slot) => slot.oversized));
const report: FloodReport = { sent: 0, answers: {}, connectErrors: {}, disconnects: {}, connects: 0 };
const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);
const DEEP = JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown;
const OVERSIZED = 'x'.repeat(200 * 1024);
let going = false;
const ready: Promise<void>[] = [];
const waiting: (() => void)[] = [];

/** The flood of one connected socket, until it is dropped or the time is up. */
function burst(client: Client, raw: Raw, conversationId: number, slot: FloodPlan['sockets'][number]): void {
  const ask = (event: string, payload: unknown) => {
    report.sent++;
    raw.timeout(10_000).emit(event, payload, (err: Error | null, a: unknown) => {
      const ack = a as { ok?: boolean; error?: { code: string } } | undefined;
      bump(report.answers, err ? 'TIMED_OUT' : ack?.ok ? 'ok' : (ack?.error?.code ?? '?'));
    });
  };
  let round = 0;
  const next = () => {
    if (!client.connected) return;
    if (!going) return void waiting.push(next);
    if (round === 0 && oversizedDue.delete(slot)) ask('chat:sendMessage', { conversationId, content: OVERSIZED });
    for (let i = 0; i < 25; i++) {
      ask('chat:getMessages', { conversationId });
      ask('chat:getHistoryConversations', { floorId: plan.floorId });
      ask('chat:getLastRead', { conversationId });
      ask('system:ping', { sentAt: Date.now() });
      ask('floor:updateUser', { activeStatus: i % 2 ? 'busy' : 'available' });
      report.sent += 2;
      raw.emit('chat:getMessages', { conversationId }); // no acknowledgement
      raw.emit('made:up', { round }); // nobody handles it
    }
    if (round % 5 === 0) ask('chat:getMessages', DEEP);
    round++;
    setTimeout(next, 1);
  };
  next();
}

function attack(slot: FloodPlan['sockets'][number]): Promise<void> {
  return new Promise((settled) => {
    const client: Client = connect(plan.url, {
      transports: ['websocket'],
      auth: { token: slot.token },
      query: { lang: 'en' },
      extraHeaders: { 'x-forwarded-for': slot.address },
      forceNew: true,
      reconnection: false,
    });
    const raw = client as unknown as Raw;
    const again = () => {
      settled();
      client.removeAllListeners();
      client.close();
      if (going) setTimeout(() => void attack(slot), plan.reconnectMs);
      else waiting.push(() => void attack(slot));
    };
    client.on('connect_error', (err: Error & { data?: { code?: string } }) => {
      bump(report.connectErrors, err.data?.code ?? err.message);
      again();
    });
    client.on('disconnect', (reason) => {
      bump(report.disconnects, reason);
      again();
    });
    client.on('connect', () => {
      report.connects++;
      raw.timeout(10_000).emit('floor:joinOffice', { floorId: plan.floorId }, () =>
        raw.timeout(10_000).emit('chat:join', { scope: 'floor', floorId: plan.floorId }, (_e: unknown, a: unknown) => {
          const joined = a as { ok: boolean; data?: { id: number } } | undefined;
          const start = () => burst(client, raw, joined?.ok ? joined.data!.id : 1, slot);
          settled();
          if (going) start();
          else waiting.push(start);
        }),
      );
    });
  });
}

for (const slot of plan.sockets) ready.push(attack(slot));
await Promise.all(ready);
process.stdout.write('ready\n');
const input = readline.createInterface({ input: process.stdin });
input.on('line', (command) => {
  if (command === 'go') {
    going = true;
    for (const resume of waiting.splice(0)) resume();
  } else if (command === 'stop') {
    going = false;
  } else if (command === 'end') {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    process.exit(0);
  }
});

/**
 * The bare baseline of the floor fan-out benches: a plain Socket.IO server (the
 * same socket.io version and websocket transport as the product, no database,
 * no checks) that answers the same events with the same shapes and batches
 * the floor's changes the way the product does (presence-batcher.ts): per
 * floor, the latest state of each mover within a window that is 5 ms when
 * quiet and grows with this process's change rate up to the 50 ms tick, sent
 * as one `floor:usersChanged` with compact `moved` tuples and a running
 * version. What the product costs is what it adds over this.
 *
 *   node --import tsx bench/support/bare-broadcaster.ts [redis://…]   (prints "listening on <url>")
 *
 * With a Redis URL it uses the Socket.IO Redis adapter, as the product's processes do: several of these
 * processes then make the bare baseline of the multi-process bench. A client names itself with
 * auth { token: "bare:<userId>" }. `floor:joinOffice` answers the floor's rooms and everyone on it, and
 * tells the floor (batched as a move). BARE_PORT listens on a fixed port (the reconnect bench restarts it);
 * BARE_PLACES=table puts each person at their own table on joining (2 + userId % 23: the place a restarted
 * product reads from its database, known here without one).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { MovedTuple, PresenceStatus } from '@tsudoi/common';

const ROOMS_PER_FLOOR = 24;
const TICK_MS = 50;
const MIN_TICK_MS = 5;
const CHANGES_PER_MS = 200;
const roomId = (floorId: number, n: number) => floorId * 100 + n;
const tables = process.env.BARE_PLACES === 'table';

const server = http.createServer();
const io = new Server(server, { transports: ['websocket'], serveClient: false });
const redisUrl = process.argv[2];
if (redisUrl) {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: 'bare-bench:socket.io' }));
}

/** The product's window: the tick under load, the shortest when quiet. */
let rate = 0;
let counted = 0;
let countedSince = performance.now();
function windowMs(): number {
  const t = performance.now();
  const elapsed = t - countedSince;
  if (elapsed >= 250) {
    rate = rate / 2 + (counted * 1000) / elapsed / 2;
    counted = 0;
    countedSince = t;
  }
  return Math.min(TICK_MS, Math.max(MIN_TICK_MS, rate / CHANGES_PER_MS));
}

const pending = new Map<number, Map<number, MovedTuple>>();
const timers = new Map<number, NodeJS.Timeout | 'soon'>();
const sentAt = new Map<number, number>();
const versions = new Map<number, number>();
/** Everyone on each floor now, as joinOffice answers them. */
const onFloor = new Map<number, Map<number, unknown>>();

function flush(floorId: number): void {
  const timer = timers.get(floorId);
  if (timer !== undefined && timer !== 'soon') clearTimeout(timer);
  timers.delete(floorId);
  const changes = pending.get(floorId);
  if (!changes) return;
  pending.delete(floorId);
  const version = (versions.get(floorId) ?? 0) + 1;
  versions.set(floorId, version);
  sentAt.set(floorId, performance.now());
  io.to(`floor:${floorId}`).emit('floor:usersChanged', {
    floorId,
    users: [],
    moved: [...changes.values()],
    left: [],
    version,
  });
}

function changed(floorId: number, tuple: MovedTuple): void {
  let changes = pending.get(floorId);
  if (!changes) pending.set(floorId, (changes = new Map()));
  changes.set(tuple[0], tuple);
  counted++;
  if (timers.has(floorId)) return;
  const wait = (sentAt.get(floorId) ?? -Infinity) + windowMs() - performance.now();
  if (wait <= 0) {
    timers.set(floorId, 'soon');
    setImmediate(() => {
      if (timers.get(floorId) === 'soon') flush(floorId);
    });
  } else
    timers.set(
      floorId,
      setTimeout(() => flush(floorId), wait),
    );
}

io.on('connection', (socket) => {
  const token = String((socket.handshake.auth as { token?: unknown }).token ?? '');
  const userId = Number(token.replace(/^bare:/, ''));
  let floorId = 0;
  const dto = (room: number, activeStatus: PresenceStatus = 'available') => ({
    userId,
    name: `user ${userId}`,
    avatarImageUrl: null,
    roomId: room,
    seat: 1,
    participantType: 'EMPLOYEE',
    activeStatus,
    connected: true,
  });
  let here = dto(0);
  socket.on('floor:joinOffice', (payload: { floorId: number }, ack: (a: unknown) => void) => {
    floorId = payload.floorId;
    here = dto(roomId(floorId, tables ? 2 + (userId % 23) : 1));
    void socket.join(`floor:${floorId}`);
    let people = onFloor.get(floorId);
    if (!people) onFloor.set(floorId, (people = new Map()));
    people.set(userId, here);
    changed(floorId, [userId, here.roomId, here.seat, here.activeStatus, 1]);
    const rooms = Array.from({ length: ROOMS_PER_FLOOR }, (_, i) => ({
      id: roomId(floorId, i + 1),
      number: i + 1,
      seat: i === 0 ? 1 : 6,
    }));
    ack({ ok: true, data: { rooms, users: [...people.values()] } });
  });
  socket.on('disconnect', () => onFloor.get(floorId)?.delete(userId));
  const moved = (ack: (a: unknown) => void) => {
    ack({ ok: true, data: here });
    changed(floorId, [userId, here.roomId, here.seat, here.activeStatus, 1]);
  };
  socket.on('floor:joinRoom', (payload: { roomId: number }, ack: (a: unknown) => void) => {
    here = { ...here, roomId: payload.roomId };
    onFloor.get(floorId)?.set(userId, here);
    moved(ack);
  });
  socket.on('floor:updateUser', (payload: { activeStatus: PresenceStatus }, ack: (a: unknown) => void) => {
    here = { ...here, activeStatus: payload.activeStatus };
    onFloor.get(floorId)?.set(userId, here);
    moved(ack);
  });
});

server.listen(Number(process.env.BARE_PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => {
  void io.close();
  server.close(() => process.exit(0));
});

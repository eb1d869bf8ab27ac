/**
 * The bare baseline of the floor fan-out bench: a plain Socket.IO server (the
 * same socket.io version and websocket transport as the product, no
 * database, no checks, no state, no batching) that answers the same events
 * with the same shapes and broadcasts, for every move, one
 * `floor:usersChanged` with the moved user to the floor's channel at once.
 * What the product costs is what it adds over this.
 *
 *   node --import tsx bench/support/bare-broadcaster.ts   (prints "listening on <url>")
 *
 * A client names itself with auth { token: "bare:<userId>" }.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const ROOMS_PER_FLOOR = 24;
const roomId = (floorId: number, n: number) => floorId * 100 + n;

const server = http.createServer();
const io = new Server(server, { transports: ['websocket'], serveClient: false });

io.on('connection', (socket) => {
  const token = String((socket.handshake.auth as { token?: unknown }).token ?? '');
  const userId = Number(token.replace(/^bare:/, ''));
  let floorId = 0;
  const dto = (room: number, activeStatus = 'available') => ({
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
    here = dto(roomId(floorId, 1));
    void socket.join(`floor:${floorId}`);
    const rooms = Array.from({ length: ROOMS_PER_FLOOR }, (_, i) => ({
      id: roomId(floorId, i + 1),
      number: i + 1,
      seat: i === 0 ? 1 : 6,
    }));
    ack({ ok: true, data: { rooms, users: [here] } });
  });
  const moved = (ack: (a: unknown) => void) => {
    ack({ ok: true, data: here });
    io.to(`floor:${floorId}`).emit('floor:usersChanged', { floorId, users: [here], left: [] });
  };
  socket.on('floor:joinRoom', (payload: { roomId: number }, ack: (a: unknown) => void) => {
    here = { ...here, roomId: payload.roomId };
    moved(ack);
  });
  socket.on('floor:updateUser', (payload: { activeStatus: string }, ack: (a: unknown) => void) => {
    here = { ...here, activeStatus: payload.activeStatus };
    moved(ack);
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => {
  void io.close();
  server.close(() => process.exit(0));
});

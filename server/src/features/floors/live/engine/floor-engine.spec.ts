import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { io as connect } from 'socket.io-client';
import type { FloorInitialData, FloorUserDto } from '@tsudoi/common';
import { createSequelize } from '../../../../db';
import { defineModels } from '../../../../db/models';
import { createLogger } from '../../../../lib/logger';
import { setupFloors, type FloorSetup } from '../../../../testing/floor-setup';
import { API_KEY, JWT_SECRET, startServer } from '../../../../testing/server-process';
import { startTestServer, type TestServer } from '../../../../testing/test-server';
import { testDialect } from '../../../../testing/databases';
import { call, ok, pause, type Client } from '../live.testing';
import { FloorEngine } from './floor-engine';
import type { LiveFloors } from './live-floors';

const socketWith = (url: string, token: string): Promise<Client> => {
  const client: Client = connect(url, {
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
};
const joinOffice = (c: Client, floorId: number) => ok(call<FloorInitialData>(c, 'floor:joinOffice', { floorId }));
const move = (c: Client, roomId: number, seat?: number) =>
  ok(call<FloorUserDto>(c, 'floor:joinRoom', seat === undefined ? { roomId } : { roomId, seat }));

describe(`live floor engine: write-behind and rebuild (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let floor: FloorSetup;
  let clients: Client[] = [];
  let rooms: Map<number, number>;
  const stored = async () =>
    (await server.models.FloorUser.findAll({ where: { floorId: floor.floorId }, order: [['userId', 'ASC']] })).map(
      (r) => [r.userId, r.roomId, r.seat],
    );
  const inMemory = async (engine: LiveFloors) =>
    (await engine.people(floor.floorId)).sort((a, b) => a.userId - b.userId).map((p) => [p.userId, p.roomId, p.seat]);

  before(async () => {
    server = await startTestServer({ API_KEY, JWT_SECRET });
    [floor] = (await setupFloors(server.url, server.config.databaseUrl, 1, 3)) as [FloorSetup];
    clients = await Promise.all(floor.members.map((m) => socketWith(server.url, m.token)));
    const data = await joinOffice(clients[0]!, floor.floorId);
    for (const c of clients.slice(1)) await joinOffice(c, floor.floorId);
    rooms = new Map(data.rooms.map((r) => [r.number, r.id]));
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await server?.close();
  });

  it('answers moves from memory at once and writes them within 200 ms, seat swaps in one batch included', async () => {
    const [a, b] = clients as [Client, Client];
    const table = rooms.get(9)!;
    await move(a, table, 1);
    await move(b, table, 2);
    await server.features.live.flush();
    const before = await stored();
    // one batch: a leaves seat 1, b takes it, a takes b's old seat 2 (a swap the unique index would refuse row by row)
    await move(a, rooms.get(10)!);
    await move(b, table, 1);
    expect((await move(a, table, 2)).seat).to.equal(2);
    expect(await stored()).to.deep.equal(before); // not written yet: behind
    await pause(250);
    const after = await stored();
    expect(after).to.deep.equal(await inMemory(server.features.live.engine));
    expect(after.filter(([, room]) => room === table).map(([userId, , seat]) => [userId, seat])).to.deep.equal([
      [floor.members[0]!.userId, 2],
      [floor.members[1]!.userId, 1],
    ]);
  });

  it('rebuilds a floor from the database as the engine left it, and gives a parked seat a free one', async () => {
    const [, , c] = clients as [Client, Client, Client];
    await move(c, rooms.get(11)!, 3);
    await server.features.live.flush();
    const fresh = new FloorEngine(server.models, createLogger('silent'), () => new Date(), 10);
    expect(await inMemory(fresh)).to.deep.equal(await inMemory(server.features.live.engine));

    // a batch cut short between parking seats and writing them (write-behind.ts) left -id
    await server.models.FloorUser.update(
      { seat: -1 },
      { where: { floorId: floor.floorId, userId: floor.members[2]!.userId } },
    );
    const repaired = new FloorEngine(server.models, createLogger('silent'), () => new Date(), 10);
    const place = await repaired.placeOf(floor.floorId, floor.members[2]!.userId);
    expect(place).to.include({ roomId: rooms.get(11)!, seat: 1 });
    await repaired.close();
    const row = await server.models.FloorUser.findOne({
      where: { floorId: floor.floorId, userId: floor.members[2]!.userId },
    });
    expect([row!.roomId, row!.seat]).to.deep.equal([rooms.get(11)!, 1]);
  });
});

describe(`live floor engine: batches cut while others are written (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  after(() => server?.close());

  it('keeps the database equal to memory through hundreds of moves with flushes at random moments', async () => {
    server = await startTestServer({ API_KEY, JWT_SECRET });
    const [floor] = (await setupFloors(server.url, server.config.databaseUrl, 1, 6)) as [FloorSetup];
    const rooms = await server.models.FloorRoom.findAll({
      where: { floorId: floor.floorId },
      order: [['number', 'ASC']],
    });
    const small = rooms
      .filter((r) => r.seat >= 2)
      .slice(0, 4)
      .map((r) => ({ id: r.id, seat: 2 }));
    const errors: unknown[] = [];
    const logger = { ...createLogger('silent'), error: (o: unknown) => errors.push(o) } as ReturnType<
      typeof createLogger
    >;
    const engine = new FloorEngine(server.models, logger, () => new Date(), 1);
    for (const m of floor.members)
      await engine.apply(floor.floorId, {
        type: 'enter',
        userId: m.userId,
        socketId: `s${m.userId}`,
        participantType: 'EMPLOYEE',
        room: { id: rooms[0]!.id, seat: rooms[0]!.seat },
      });
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 400; i++) {
      const m = floor.members[Math.floor(Math.random() * floor.members.length)]!;
      const room = small[Math.floor(Math.random() * small.length)]!;
      await engine.apply(floor.floorId, { type: 'move', userId: m.userId, room, seat: 1 + (i % 2) });
      if (Math.random() < 0.2) flushes.push(engine.flush(floor.floorId));
      if (Math.random() < 0.1) await pause(1);
    }
    await Promise.all(flushes);
    await engine.close();
    expect(errors).to.deep.equal([]);
    const rows = await server.models.FloorUser.findAll({
      where: { floorId: floor.floorId },
      order: [['userId', 'ASC']],
    });
    const memory = [...(await engine.stateOf(floor.floorId)).people.values()].sort((a, b) => a.userId - b.userId);
    expect(rows.map((r) => [r.userId, r.roomId, r.seat])).to.deep.equal(
      memory.map((p) => [p.userId, p.roomId, p.seat]),
    );
  });
});

describe('live floor engine: a real server process writes what it holds on SIGTERM', function () {
  this.timeout(120_000);

  it('stores every acknowledged move when it is stopped right after them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-engine-'));
    const databaseUrl = `sqlite:${path.join(dir, 'engine.sqlite')}`;
    const { child, url } = await startServer({ dataDir: dir, databaseUrl });
    const sequelize = createSequelize(databaseUrl, createLogger('silent'));
    try {
      const [floor] = (await setupFloors(url, databaseUrl, 1, 5)) as [FloorSetup];
      const clients = await Promise.all(floor.members.map((m) => socketWith(url, m.token)));
      const data = await joinOffice(clients[0]!, floor.floorId);
      for (const c of clients.slice(1)) await joinOffice(c, floor.floorId);
      const targets = data.rooms.filter((r) => r.number >= 9 && !r.locked).map((r) => r.id);
      let last: FloorUserDto[] = [];
      for (let round = 0; round < 5; round++)
        last = await Promise.all(clients.map((c, i) => move(c, targets[(round + i) % targets.length]!)));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      for (const c of clients) c.disconnect();
      const models = defineModels(sequelize);
      const rows = await models.FloorUser.findAll({ where: { floorId: floor.floorId } });
      const byUser = new Map(rows.map((r) => [r.userId, [r.roomId, r.seat]]));
      expect(last.map((u) => byUser.get(u.userId))).to.deep.equal(last.map((u) => [u.roomId, u.seat]));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await sequelize.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

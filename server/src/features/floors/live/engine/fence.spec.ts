import { QueryTypes } from 'sequelize';
import { expect } from 'chai';
import { createLogger } from '../../../../lib/logger';
import { testDialect } from '../../../../testing/databases';
import { setupFloors, type FloorSetup } from '../../../../testing/floor-setup';
import { API_KEY, JWT_SECRET } from '../../../../testing/server-process';
import { startTestServer, type TestServer } from '../../../../testing/test-server';
import { claimFloor, fencedWrite, StaleOwnerError } from './fence';
import { FloorEngine, type EngineHooks } from './floor-engine';

describe(`live floor fencing: a stale owner's writes are refused (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let floor: FloorSetup;

  before(async () => {
    server = await startTestServer({ API_KEY, JWT_SECRET });
    [floor] = (await setupFloors(server.url, server.config.databaseUrl, 1, 2)) as [FloorSetup];
  });
  after(async () => server?.close());

  /** An engine as a process among several runs it, holding `token` for every floor. */
  const owner = (token: number, failed: unknown[]) => {
    const sequelize = server.models.Floor.sequelize!;
    const hooks: EngineHooks = {
      beforeLoad: (floorId) => claimFloor(sequelize, floorId, token),
      write: (floorId, write) => fencedWrite(sequelize, floorId, token, write),
      writeFailed: (_floorId, err) => failed.push(err),
    };
    return new FloorEngine(server.models, createLogger('silent'), () => new Date(), 20, hooks);
  };
  const stored = async (userId: number) => {
    const row = await server.models.FloorUser.findOne({ where: { floorId: floor.floorId, userId } });
    return row && [row.roomId, row.seat];
  };
  const token = async () =>
    (
      await server.models.Floor.sequelize!.query<{ t: number | string | null }>(
        'SELECT live_owner_token AS t FROM floors WHERE id = :id',
        { replacements: { id: floor.floorId }, type: QueryTypes.SELECT },
      )
    )[0]!.t;

  it('writes the batches of the newest owner, refuses a stale one’s and keeps the newer rows', async () => {
    const rooms = await server.models.FloorRoom.findAll({
      where: { floorId: floor.floorId },
      order: [['number', 'ASC']],
    });
    const [entrance, second, third] = rooms.map((r) => ({ id: r.id, seat: r.seat })) as [
      { id: number; seat: number },
      { id: number; seat: number },
      { id: number; seat: number },
    ];
    const userId = floor.members[0]!.userId;
    const failedA: unknown[] = [];
    const a = owner(1, failedA);
    await a.apply(floor.floorId, {
      type: 'enter',
      userId,
      socketId: 's1',
      participantType: 'EMPLOYEE',
      room: entrance,
    });
    await a.flush(floor.floorId);
    expect(Number(await token())).to.equal(1);
    expect(await stored(userId)).to.deep.equal([entrance.id, 1]);

    // A stalls, its lease expires, B takes the floor with a larger token and moves the user
    const failedB: unknown[] = [];
    const b = owner(2, failedB);
    await b.apply(floor.floorId, { type: 'move', userId, room: second });
    await b.flush(floor.floorId);
    expect(Number(await token())).to.equal(2);
    expect(await stored(userId)).to.deep.equal([second.id, 1]);

    // A wakes up and writes what it still holds: refused, the database keeps B's place
    await a.apply(floor.floorId, { type: 'move', userId, room: third });
    await a.flush(floor.floorId);
    expect(failedA).to.have.length(1);
    expect(failedA[0]).to.be.instanceOf(StaleOwnerError);
    expect(await stored(userId)).to.deep.equal([second.id, 1]);
    expect(Number(await token())).to.equal(2);
    // nor may A load the floor again under its old token
    let reload: unknown;
    await a.placeOf(floor.floorId, userId).catch((err: unknown) => (reload = err));
    expect(reload).to.be.instanceOf(StaleOwnerError);
    expect(failedB).to.deep.equal([]);
  });
});

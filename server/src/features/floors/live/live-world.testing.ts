import type { RoomDto } from '@tsudoi/common';
import type { Clock } from '../../../lib/clock';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { Actor } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../fixtures';
import { join, socketOf, type Client } from './live.testing';

/** What a live floor spec works with (see `liveFloorWorld`). */
export class LiveFloorWorld {
  server!: TestServer;
  teams!: Awaited<ReturnType<typeof twoTeams>>;
  floorId = 0;
  rooms: RoomDto[] = [];
  readonly open: Client[] = [];
  readonly calls = floorCalls(() => this.server);
  /** The floor's room of a number (1–24). */
  readonly room = (n: number) => this.rooms.find((r) => r.number === n)!;
  /** A socket of `who` on the floor. */
  readonly on = async (who: Actor, lang = 'en') => {
    const client = await socketOf(this.server.url, who, lang);
    this.open.push(client);
    await join(client, this.floorId);
    return client;
  };
}

/**
 * The set-up the live floor's specs share: a real server with two teams, a
 * fresh open-plan floor of team A with its rooms before each test, and the
 * sockets opened with `on` closed after each. It registers its own mocha
 * hooks: call it at the top of a `describe`. `perTest` starts a server for
 * every test (specs that move a clock or leave state behind), else one per
 * suite.
 */
export function liveFloorWorld(options: { clock?: Clock; perTest?: boolean } = {}) {
  const world = new LiveFloorWorld();
  const start = async () => {
    world.server = await startTestServer({}, options.clock ? { clock: options.clock } : {});
    world.teams = await twoTeams(world.server);
  };
  const newFloor = async () => {
    world.floorId = (await world.calls.floor(world.teams.ownerA, { type: 2 })).id;
    world.rooms = (await world.calls.rooms(world.teams.ownerA, world.floorId)).json.data as RoomDto[];
  };
  const closeSockets = () => {
    for (const client of world.open.splice(0)) client.disconnect();
  };
  if (options.perTest) {
    beforeEach(async () => {
      await start();
      await newFloor();
    });
    afterEach(async () => {
      closeSockets();
      await world.server?.close();
    });
  } else {
    before(start);
    beforeEach(newFloor);
    afterEach(closeSockets);
    after(() => world.server?.close());
  }
  return world;
}

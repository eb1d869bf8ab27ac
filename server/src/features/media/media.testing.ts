import type { FloorUserDto, MediaConsumerAnswer, MediaJoinAnswer, MediaTransportAnswer, RoomDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, join, ok, pause, socketOf, type Client } from '../floors/live/live.testing';

/**
 * Test helpers of the media specs: a test server with a floor and sockets in
 * its rooms, and hand-made RTP parameters a real mediasoup accepts (no RTP flows).
 */

/** A floor (of type 2) and its rooms. */
export interface TestFloor {
  id: number;
  rooms: RoomDto[];
}

/** What the hooks of `mediaWorld` set up; read its fields inside hooks and tests only. */
export class MediaWorld {
  server!: TestServer;
  teams!: Awaited<ReturnType<typeof twoTeams>>;
  /** Team A's floor of the current test (of the suite with `floorEach: false`). */
  floor!: TestFloor;
  readonly calls = floorCalls(() => this.server);
  /** Sockets to disconnect after each test. */
  readonly open: Client[] = [];

  get floorId(): number {
    return this.floor.id;
  }

  /** Room number `n` of a floor (the current one by default). */
  room = (n: number, floor: TestFloor = this.floor): RoomDto => floor.rooms.find((r) => r.number === n)!;

  /** A new floor of the owner's team, with its rooms. */
  newFloor = async (owner: Actor): Promise<TestFloor> => {
    const id = (await this.calls.floor(owner, { type: 2 })).id;
    return { id, rooms: (await this.calls.rooms(owner, id)).json.data as RoomDto[] };
  };

  /** A connected socket of `who` on no floor, disconnected after the test. */
  connect = async (who: Actor): Promise<Client> => {
    const client = await socketOf(this.server.url, who);
    this.open.push(client);
    return client;
  };

  /**
   * The usual cast: team A's owner (host) and member in room 9 and its admin
   * (other) in room 10, each joined to the room's media (a, b, c).
   */
  threePeers = async () => {
    const host = await this.on(this.teams.ownerA);
    const member = await this.on(this.teams.memberA);
    const other = await this.on(this.teams.adminA, 10);
    return { host, member, other, a: await mediaPeer(host), b: await mediaPeer(member), c: await mediaPeer(other) };
  };

  /** A socket of `who` on a floor (the current one by default), in room `roomNumber` (9, a table, by default). */
  on = async (who: Actor, roomNumber = 9, floor: TestFloor = this.floor): Promise<Client> => {
    const client = await this.connect(who);
    await join(client, floor.id);
    await ok(call<FloorUserDto>(client, 'floor:joinRoom', { roomId: this.room(roomNumber, floor).id }));
    return client;
  };
}

/**
 * Registers the hooks of a media spec (call it inside `describe`): a test
 * server with two teams, team A's floor made by its owner (a new one for each
 * test, or one for the suite with `floorEach: false`), every socket
 * disconnected after each test and the server closed at the end.
 */
export function mediaWorld({
  floorEach = true,
  env = {},
}: { floorEach?: boolean; env?: Record<string, string> } = {}): MediaWorld {
  const world = new MediaWorld();
  before(async () => {
    world.server = await startTestServer(env);
    world.teams = await twoTeams(world.server);
    if (!floorEach) world.floor = await world.newFloor(world.teams.ownerA);
  });
  if (floorEach)
    beforeEach(async () => {
      world.floor = await world.newFloor(world.teams.ownerA);
    });
  afterEach(async () => {
    for (const c of world.open.splice(0)) c.disconnect();
    await pause(100);
  });
  after(() => world.server?.close());
  return world;
}

export const consume = (client: Client, producerId: string, rtpCapabilities: MediaJoinAnswer['rtpCapabilities']) =>
  call<MediaConsumerAnswer>(client, 'media:consume', { producerId, rtpCapabilities });

let ssrc = 1000;
export const audioParameters = () => ({
  codecs: [
    { mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2, parameters: {}, rtcpFeedback: [] },
  ],
  headerExtensions: [],
  encodings: [{ ssrc: ++ssrc }],
  rtcp: { cname: `test-${ssrc}` },
});
export const videoParameters = () => ({
  codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, parameters: {}, rtcpFeedback: [] }],
  headerExtensions: [],
  encodings: [{ ssrc: ++ssrc }],
  rtcp: { cname: `test-${ssrc}` },
});
/** A DTLS answer of the shape browsers send (mediasoup does not check it until DTLS runs). */
export const dtls = {
  role: 'client',
  fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }],
};

export interface MediaPeer {
  join: MediaJoinAnswer;
  send: MediaTransportAnswer;
  recv: MediaTransportAnswer;
}

/** Joins the room's media and opens both transports, connected. */
export async function mediaPeer(client: Client): Promise<MediaPeer> {
  const join = await ok(call<MediaJoinAnswer>(client, 'media:join', {}));
  const send = await ok(call<MediaTransportAnswer>(client, 'media:createTransport', { direction: 'send' }));
  const recv = await ok(call<MediaTransportAnswer>(client, 'media:createTransport', { direction: 'recv' }));
  await ok(call(client, 'media:connectTransport', { transportId: send.id, dtlsParameters: dtls }));
  await ok(call(client, 'media:connectTransport', { transportId: recv.id, dtlsParameters: dtls }));
  return { join, send, recv };
}

export const produce = (client: Client, transportId: string, source: 'mic' | 'camera' | 'screen') =>
  call<{ producerId: string }>(client, 'media:produce', {
    transportId,
    kind: source === 'mic' ? 'audio' : 'video',
    rtpParameters: source === 'mic' ? audioParameters() : videoParameters(),
    appData: { source },
  });

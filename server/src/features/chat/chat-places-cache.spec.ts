import { expect } from 'chai';
import type { ChatConversationDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { serverPair } from '../../testing/server-pair';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, join, ok, socketOf, type Client } from '../floors/live/live.testing';
import { heard, roomsOf } from './chat.testing';

/** Statements naming chat_members from now on (the database's own log of this server's queries). */
function memberReads(server: TestServer) {
  let count = 0;
  const hook = (_options: unknown, query: unknown) => {
    if (/chat_members/.test((query as { sql?: string }).sql ?? '')) count++;
  };
  server.sequelize.addHook('afterQuery', 'memberReads', hook);
  return {
    get count() {
      return count;
    },
    stop: () => server.sequelize.removeHook('afterQuery', 'memberReads'),
  };
}

describe(`chat membership follows places without reading the database per move (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const socket = async (who: Actor, url = server.url) => {
    const client = await socketOf(url, who);
    open.push(client);
    return client;
  };
  before(async () => {
    server = await startTestServer({});
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('walks through rooms nobody chats in with no member read; a room chat made meanwhile is joined and left as before', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const rooms = await roomsOf(calls, teams.ownerA, floor.id);
    const owner = await socket(teams.ownerA);
    const member = await socket(teams.memberA);
    const hears = heard(member);
    for (const s of [owner, member]) await join(s, floor.id);
    const walk = async (n: number) => {
      await ok(call(member, 'floor:joinRoom', { roomId: rooms.get(n)!.id }));
      await server.features.chat.idle();
    };
    // the first pass reads what they hold and enrols them in the floor's chat; that write makes the next pass read again
    await walk(9);
    await walk(10);
    const reads = memberReads(server);
    for (const n of [11, 12, 9]) await walk(n);
    expect(reads.count, 'member statements while walking through rooms without chats').to.equal(0);

    // the owner opens table 8's chat; the member walks in (enrolled) and out again (left, cleared for them)
    await ok(call(owner, 'floor:joinRoom', { roomId: rooms.get(8)!.id }));
    const table = await ok(call<ChatConversationDto>(owner, 'chat:join', { scope: 'room', roomId: rooms.get(8)!.id }));
    await walk(8);
    await hears.until('chat:conversationUpdated', (c) => c.id === table.id);
    await walk(9);
    await hears.until('chat:conversationCleared', (c) => c.conversationId === table.id);
    expect(reads.count, 'read again once the memberships changed').to.be.above(0);
    reads.stop();
  });
});

describe(`chat membership on two processes: what one process enrols, the other's follower sees (${testDialect()})`, function () {
  this.timeout(60_000);
  const pair = serverPair();
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => pair.a);
  const open: Client[] = [];
  before(async () => {
    teams = await twoTeams(pair.a);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  /** A new floor of team A with its owner's socket on A and its member's on B, both on the floor. */
  async function ownerOnAMemberOnB() {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const rooms = await roomsOf(calls, teams.ownerA, floor.id);
    const owner = await socketOf(pair.a.url, teams.ownerA);
    const member = await socketOf(pair.b.url, teams.memberA);
    open.push(owner, member);
    const hears = heard(member);
    for (const s of [owner, member]) await join(s, floor.id);
    return { rooms, owner, member, hears };
  }

  it('leaves the table chat a process enrolled them in while their follower on another process remembered none', async () => {
    const { rooms, owner, member, hears } = await ownerOnAMemberOnB();
    const table = rooms.get(8)!.id;
    for (const s of [owner, member]) await ok(call(s, 'floor:joinRoom', { roomId: table }));
    await pair.b.features.chat.idle(); // B remembers the member's memberships: the floor's chat only

    // the owner (on A) opens the table's chat: A enrols the member, who is at the table
    const conv = await ok(call<ChatConversationDto>(owner, 'chat:join', { scope: 'room', roomId: table }));
    await hears.until('chat:conversationUpdated', (c) => c.id === conv.id);

    // the member (on B) walks away: B's follower must know of the membership A wrote, and leave it
    await ok(call(member, 'floor:joinRoom', { roomId: rooms.get(9)!.id }));
    await pair.b.features.chat.idle();
    await hears.until('chat:conversationCleared', (c) => c.conversationId === conv.id);
    const left = await pair.a.models.ChatMember.count({
      where: { conversationId: conv.id, userId: teams.memberA.user.id },
    });
    expect(left, 'no member row left at the table').to.equal(0);
  });

  it('finds a table chat another process made after this one saw the table without one, and enrols them in it', async () => {
    const { rooms, owner, member, hears } = await ownerOnAMemberOnB();
    const table = rooms.get(11)!.id;
    // the member (on B) walks through table 11 while it has no chat, then on
    for (const n of [11, 9]) {
      await ok(call(member, 'floor:joinRoom', { roomId: rooms.get(n)!.id }));
      await pair.b.features.chat.idle();
    }
    // the owner (on A) sits at table 11 and opens its chat
    await ok(call(owner, 'floor:joinRoom', { roomId: table }));
    const conv = await ok(call<ChatConversationDto>(owner, 'chat:join', { scope: 'room', roomId: table }));
    // the member walks back to table 11: B's follower finds the chat and enrols them
    await ok(call(member, 'floor:joinRoom', { roomId: table }));
    await pair.b.features.chat.idle();
    await hears.until('chat:conversationUpdated', (c) => c.id === conv.id);
  });
});

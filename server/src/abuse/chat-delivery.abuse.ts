import { expect } from 'chai';
import type { ChatConversationDto, ChatMessageDto, FloorDto, FloorInitialData } from '@tsudoi/common';
import { startTestServer, UNTHROTTLED_SOCKETS, type TestServer } from '../testing/test-server';
import type { Actor } from '../features/companies/fixtures';
import { floorCalls, twoTeams } from '../features/floors/fixtures';
import { guestSession, socketWithToken } from '../features/floors/guests/guests.testing';
import { call, join, ok, refused, socketOf, type Client } from '../features/floors/live/live.testing';
import { heard, roomsOf } from '../features/chat/chat.testing';

/**
 * Issue 13, item 1 — room (table) chat delivery, from the victim's and the
 * attacker's side against the real server: a member who never opened the
 * chat still gets every message of their table; nobody outside the table —
 * another room, another team, a guest of another floor, someone who left —
 * can subscribe to the table's conversation, read it, or make the server
 * create or enrol anything for them.
 */
describe('abuse: room chat delivery and who can reach a table conversation', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const socket = async (who: Actor) => {
    const client = await socketOf(server.url, who);
    open.push(client);
    return client;
  };
  const send = (c: Client, payload: unknown) => ok(call<ChatMessageDto>(c, 'chat:sendMessage', payload));
  const missing = 'CHAT_CONVERSATION_NOT_FOUND';
  /** What a refused attempt must leave alone: conversations, members and messages. */
  const chatRows = async () => ({
    conversations: await server.models.ChatConversation.count(),
    members: await server.models.ChatMember.count(),
    messages: await server.models.ChatMessage.count(),
  });

  before(async () => {
    // the attacker tries every room at once, faster than the socket limits allow a person: those are tested apart
    server = await startTestServer({}, { socketLimits: UNTHROTTLED_SOCKETS });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  /** Team A's floor with the owner (speaker) and the member (victim) at table `number`; only the speaker opens its chat. */
  async function table(number = 8, floor?: FloorDto) {
    floor ??= await calls.floor(teams.ownerA, { type: 2, privacy: 'public' });
    const rooms = await roomsOf(calls, teams.ownerA, floor.id);
    const room = rooms.get(number)!;
    const speaker = await socket(teams.ownerA);
    const victim = await socket(teams.memberA);
    const victimHears = heard(victim);
    for (const s of [speaker, victim]) await join(s, floor.id);
    for (const s of [speaker, victim]) await ok(call(s, 'floor:joinRoom', { roomId: room.id }));
    const conv = await ok(call<ChatConversationDto>(speaker, 'chat:join', { scope: 'room', roomId: room.id }));
    await victimHears.until('chat:conversationUpdated', (c) => c.id === conv.id);
    return { floor, rooms, room, speaker, victim, victimHears, conv };
  }

  it('victim: a member who never opened the chat receives every table message, counted unread, and keeps it after a reconnect', async () => {
    const { speaker, victim, victimHears, conv } = await table();
    const said: number[] = [];
    for (const text of ['one', 'two', 'three'])
      said.push((await send(speaker, { conversationId: conv.id, content: text })).id);
    for (const id of said) await victimHears.until('chat:messageCreated', (m) => m.id === id);
    expect(victimHears.sent('chat:join')).to.equal(0);
    victim.disconnect();
    const back = await socket(teams.memberA);
    const list = await ok(call<ChatConversationDto[]>(back, 'chat:getHistoryConversations', {}));
    expect(list.find((c) => c.id === conv.id)).to.deep.include({ unreadMessages: 3, lastMessageId: said[2] });
  });

  it('attacker: another room, another team and a guest of another floor cannot subscribe to or read the table', async () => {
    const { floor, rooms, room, speaker, conv } = await table();
    const secret = await send(speaker, { conversationId: conv.id, content: 'the launch date is secret' });
    const sameFloor = await socket(teams.adminA); // team A, on the floor, at the entrance
    await join(sameFloor, floor.id);
    const otherTeam = await socket(teams.ownerB);
    const elsewhere = await calls.floor(teams.ownerB, { type: 2, privacy: 'public' });
    const appId = (await server.models.Floor.findByPk(elsewhere.id))!.inviteToken;
    const session = await guestSession(server, elsewhere.id, appId, 'Mallory');
    const guest = await socketWithToken(server, session.token);
    open.push(guest);
    await ok(call<FloorInitialData>(guest, 'floor:joinOffice', { floorId: elsewhere.id }));
    await server.features.chat.idle();
    const before = await chatRows();
    const spies = [sameFloor, otherTeam, guest].map(heard);

    for (const attacker of [sameFloor, otherTeam, guest]) {
      const attempts: [string, unknown][] = [
        ['chat:join', { scope: 'room', roomId: room.id }],
        ['chat:getConversationAndMessages', { typeId: room.id }],
        ['chat:getMessages', { conversationId: conv.id }],
        ['chat:getConversation', { conversationId: conv.id }],
        ['chat:getLastRead', { conversationId: conv.id }],
        ['chat:seenMessage', { conversationId: conv.id }],
        ['chat:leave', { conversationId: conv.id }],
        ['chat:sendMessage', { conversationId: conv.id, content: 'let me in' }],
        ['chat:editMessage', { messageId: secret.id, content: 'changed' }],
      ];
      for (const [event, payload] of attempts) {
        const [code] = await refused(call(attacker, event as 'chat:join', payload));
        expect(code, event).to.be.oneOf([missing, 'CHAT_MESSAGE_NOT_FOUND']);
      }
      // every empty room of the floor, one after the other: nothing is made for anyone outside a room
      for (const r of rooms.values())
        if (r.id !== room.id && r.number !== 1)
          expect(await refused(call(attacker, 'chat:join', { scope: 'room', roomId: r.id }))).to.include(missing);
      expect(await ok(call(attacker, 'chat:clearRoomConversation', { typeId: room.id }))).to.deep.equal({
        conversationId: null,
        saved: false,
      });
      const list = await ok(call<ChatConversationDto[]>(attacker, 'chat:getHistoryConversations', {}));
      expect(list.map((c) => c.id)).to.not.include(conv.id);
    }
    // over REST too: the saved-chat download and the attachment of a message
    for (const who of [teams.adminA, teams.ownerB]) {
      const res = await calls.call(who, `/chat/conversations/${conv.id}/download`);
      expect([res.status, res.json.error?.code]).to.deep.equal([404, missing]);
    }
    const guestDownload = await fetch(`${server.url}/api/chat/conversations/${conv.id}/download`, {
      headers: { 'x-api-key': server.apiKey, Authorization: `Bearer ${session.token}` },
    });
    expect(guestDownload.status).to.equal(404);

    // the table keeps talking: none of it reaches them, and nothing was written for them
    await send(speaker, { conversationId: conv.id, content: 'still secret' });
    await server.features.chat.idle();
    await new Promise((r) => setTimeout(r, 200));
    for (const spy of spies) {
      expect(spy.all('chat:messageCreated')).to.deep.equal([]);
      expect(spy.all('chat:conversationUpdated').map((c) => c.id)).to.not.include(conv.id);
    }
    expect(await chatRows()).to.deep.equal({ ...before, messages: before.messages + 1 });
  });

  it("attacker: only the host side opens a guest's conversation by the guest's account", async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, privacy: 'public' });
    const appId = (await server.models.Floor.findByPk(floor.id))!.inviteToken;
    const visitor = await guestSession(server, floor.id, appId, 'Visitor');
    const before = await chatRows();
    for (const who of [teams.memberA, teams.ownerB]) {
      const attacker = await socket(who);
      const payload = { scope: 'guest', floorId: floor.id, userId: visitor.userId };
      expect(await refused(call(attacker, 'chat:join', payload))).to.include(missing);
    }
    expect(await chatRows()).to.deep.equal(before);
    const host = await socket(teams.ownerA);
    const opened = await ok(
      call<ChatConversationDto>(host, 'chat:join', { scope: 'guest', floorId: floor.id, userId: visitor.userId }),
    );
    expect(opened).to.deep.include({ scope: 'participant', title: 'Visitor' });
  });

  it('attacker: someone who left the table reads nothing said after, and a room-hopping burst leaves them in one room only', async () => {
    const { floor, rooms, speaker, victim, conv } = await table(9);
    await send(speaker, { conversationId: conv.id, content: 'before the hop' });
    // the former table-mate hops through rooms as fast as the move limit lets them
    const path = [10, 11, 12, 13, 14, 15, 16, 17, 10, 11, 12, 13, 14, 15, 16, 17, 2];
    await Promise.all(path.map((n) => call(victim, 'floor:joinRoom', { roomId: rooms.get(n)!.id })));
    await send(speaker, { conversationId: conv.id, content: 'after the hop' });
    await server.features.chat.idle();
    expect(await refused(call(victim, 'chat:getMessages', { conversationId: conv.id }))).to.include(missing);
    const place = await server.models.FloorUser.findOne({
      where: { userId: teams.memberA.user.id, floorId: floor.id },
    });
    const list = await ok(call<ChatConversationDto[]>(victim, 'chat:getHistoryConversations', { floorId: floor.id }));
    // (the room they ended in has no chat of its own yet: nothing at all)
    expect(list.filter((c) => c.scope === 'room' && c.typeId !== place!.roomId)).to.deep.equal([]);
    expect(list.map((c) => c.id)).to.not.include(conv.id);
  });
});

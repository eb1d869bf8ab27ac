import { expect } from 'chai';
import type { ChatConversationDto, ChatMessageDto, ChatMessagesPage, FloorDto } from '@tsudoi/common';
import { ManualClock } from '../../testing/clock';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, join as joinFloor, next, ok, refused, socketOf, type Client } from '../floors/live/live.testing';
import { heard, roomsOf } from './chat.testing';

type Both = { conversation: ChatConversationDto } & ChatMessagesPage;

describe(`chat delivery follows the room one is in, not an open panel (${testDialect()})`, function () {
  this.timeout(60_000);
  // message stamps and arrivals read this clock: a test moves it to put a message before or after an arrival
  const clock = new ManualClock('2026-12-01T01:00:00Z');
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
  const history = (c: Client, floorId?: number) =>
    ok(call<ChatConversationDto[]>(c, 'chat:getHistoryConversations', floorId ? { floorId } : {}));
  const settled = () => server.features.chat.idle();
  const roomChat = (list: ChatConversationDto[], roomId: number) =>
    list.find((c) => c.scope === 'room' && c.typeId === roomId);
  const missing = 'CHAT_CONVERSATION_NOT_FOUND';

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  /**
   * A floor of team A with the owner and the member on it, both at table
   * `number`; the owner opens the table's chat (which makes it), the member
   * opens nothing.
   */
  async function twoAt(number: number, floor?: FloorDto) {
    floor ??= await calls.floor(teams.ownerA, { type: 2 });
    const rooms = await roomsOf(calls, teams.ownerA, floor.id);
    const a = await socket(teams.ownerA);
    const b = await socket(teams.memberA);
    const bHears = heard(b);
    for (const s of [a, b]) await joinFloor(s, floor.id);
    const room = rooms.get(number)!;
    for (const s of [a, b]) await ok(call(s, 'floor:joinRoom', { roomId: room.id }));
    const conv = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'room', roomId: room.id }));
    // the server enrols b in the table's conversation and tells them, without any chat:join from b
    const announced = await bHears.until('chat:conversationUpdated', (c) => c.id === conv.id);
    return { floor, rooms, a, b, bHears, room, conv, announced };
  }

  it('reaches a member who never opened the chat: the conversation, the message and its unread count, also after a reconnect', async () => {
    const { floor, a, b, bHears, room, conv, announced } = await twoAt(8);
    // (titles are in the person's own language: these accounts are Japanese)
    expect(announced).to.deep.include({ scope: 'room', typeId: room.id, title: 'テーブルA', unreadMessages: 0 });
    const { id } = conv;
    const hello = await send(a, { conversationId: id, content: 'Lunch at noon?' });
    expect((await bHears.until('chat:messageCreated', (m) => m.id === hello.id)).content).to.equal('Lunch at noon?');
    const seenByB = await ok(call<ChatConversationDto>(b, 'chat:getConversation', { conversationId: id }));
    expect(seenByB.unreadMessages).to.equal(1);
    expect(bHears.sent('chat:join')).to.equal(0);

    // a reload: a new socket loads the history — the table is there with its unread message
    await settled();
    b.disconnect();
    const again = await socket(teams.memberA);
    const list = await history(again);
    const table = roomChat(list, room.id)!;
    expect(table, JSON.stringify(list)).to.not.equal(undefined);
    expect(table).to.deep.include({ id, unreadMessages: 1, lastMessageId: hello.id });
    const page = await ok(call<ChatMessagesPage>(again, 'chat:getMessages', { conversationId: id }));
    expect(page.messages.map((m) => m.content)).to.deep.equal(['Lunch at noon?']);
    // the whole floor's conversation is theirs too, without opening it
    const everyone = list.find((c) => c.scope === 'floor' && c.typeId === floor.id)!;
    expect(everyone).to.deep.include({ unreadMessages: 0 });
    const allHands = next(again, 'chat:messageCreated');
    await send(a, { conversationId: everyone.id, content: 'Town hall at 5' });
    expect((await allHands).conversationId).to.equal(everyone.id);
    expect((await history(again, floor.id)).find((c) => c.id === everyone.id)!.unreadMessages).to.equal(1);
    // reading it clears the count on the server
    await ok(call(again, 'chat:seenMessage', { conversationId: id }));
    expect(roomChat(await history(again), room.id)!.unreadMessages).to.equal(0);
  });

  it('tells nothing to people in another room or another team, and lets none of them in', async () => {
    const { floor, rooms, a, room } = await twoAt(8);
    const elsewhere = await socket(teams.adminA); // same team, same floor, another room
    const otherTeam = await socket(teams.ownerB);
    const spies = [heard(elsewhere), heard(otherTeam)];
    await joinFloor(elsewhere, floor.id);
    const { id } = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'room', roomId: room.id }));
    await send(a, { conversationId: id, content: 'table only' });
    await settled();
    await new Promise((r) => setTimeout(r, 200));
    for (const spy of spies) {
      expect(spy.all('chat:messageCreated')).to.deep.equal([]);
      expect(spy.all('chat:conversationUpdated').filter((c) => c.id === id)).to.deep.equal([]);
    }
    for (const who of [elsewhere, otherTeam]) {
      expect(await refused(call(who, 'chat:join', { scope: 'room', roomId: room.id }))).to.include(missing);
      expect(await refused(call(who, 'chat:getMessages', { conversationId: id }))).to.include(missing);
      expect(await refused(call(who, 'chat:getConversation', { conversationId: id }))).to.include(missing);
      expect(await refused(call(who, 'chat:sendMessage', { conversationId: id, content: 'hi' }))).to.include(missing);
      expect(await ok(call(who, 'chat:clearRoomConversation', { typeId: room.id }))).to.deep.equal({
        conversationId: null,
        saved: false,
      });
      expect(roomChat(await history(who), room.id)).to.equal(undefined);
    }
    // nor is anything made for a room nobody of them is in
    const empty = rooms.get(12)!;
    expect(await refused(call(otherTeam, 'chat:join', { scope: 'room', roomId: empty.id }))).to.include(missing);
    expect(await server.models.ChatConversation.count({ where: { key: `room:${empty.id}` } })).to.equal(0);
    expect(await server.models.ChatMessage.count({ where: { conversationId: id } })).to.equal(1);
  });

  it('leaving the room clears its chat without saveChat, and keeps a read-only copy with it — no client call needed', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const rooms = await roomsOf(calls, teams.ownerA, floor.id);
    const saved = rooms.get(9)!;
    expect((await calls.editRoom(teams.ownerA, saved.id, { saveChat: true })).status).to.equal(200);
    const { a, b, bHears, room } = await twoAt(8, floor);
    const table = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'room', roomId: room.id }));
    await send(a, { conversationId: table.id, content: 'said at the table' });
    await bHears.until('chat:messageCreated', (m) => m.conversationId === table.id);

    // b moves on: the table's chat is cleared for b by the server
    await ok(call(b, 'floor:joinRoom', { roomId: saved.id }));
    expect(await bHears.until('chat:conversationCleared', (c) => c.conversationId === table.id)).to.deep.equal({
      conversationId: table.id,
      typeId: room.id,
      scope: 'room',
    });
    expect(await refused(call(b, 'chat:getMessages', { conversationId: table.id }))).to.include(missing);
    expect(roomChat(await history(b), room.id)).to.equal(undefined);

    // in the saveChat room: a joins, b writes; a leaves and keeps a read-only copy up to then
    await ok(call(a, 'floor:joinRoom', { roomId: saved.id }));
    const minutes = await ok(call<Both>(a, 'chat:getConversationAndMessages', { typeId: saved.id }));
    await send(b, { conversationId: minutes.conversation.id, content: 'minutes: ship it' });
    const aHears = heard(a);
    await ok(call(a, 'floor:leave', {}));
    const copy = await aHears.until('chat:conversationUpdated', (c) => c.id === minutes.conversation.id && c.readOnly);
    expect(copy.lastMessage!.content).to.equal('minutes: ship it');
    await send(b, { conversationId: minutes.conversation.id, content: 'after a left' });
    const a2 = await socket(teams.ownerA);
    const page = await ok(call<ChatMessagesPage>(a2, 'chat:getMessages', { conversationId: minutes.conversation.id }));
    expect(page.messages.map((m) => m.content)).to.deep.equal(['minutes: ship it']);
    expect(
      await refused(call(a2, 'chat:sendMessage', { conversationId: minutes.conversation.id, content: 'x' })),
    ).to.include('CHAT_READ_ONLY');
    expect(roomChat(await history(a2), saved.id)).to.deep.include({ readOnly: true });
    // the table is empty now and its chat had no saveChat: its messages are gone
    await settled();
    expect(await server.models.ChatMessage.count({ where: { conversationId: table.id } })).to.equal(0);
  });

  it('a quick walk through rooms ends in the last room only', async () => {
    const { floor, a, b, bHears, rooms, room } = await twoAt(8);
    const path = [10, 11, 12, 13, 8];
    for (const n of path) await ok(call(b, 'floor:joinRoom', { roomId: rooms.get(n)!.id }));
    await settled();
    const list = await history(b, floor.id);
    expect(list.filter((c) => c.scope === 'room').map((c) => c.typeId)).to.deep.equal([room.id]);
    const { id } = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'room', roomId: room.id }));
    const hello = await send(a, { conversationId: id, content: 'back again' });
    await bHears.until('chat:messageCreated', (m) => m.id === hello.id);
    expect(roomChat(await history(b), room.id)!.unreadMessages).to.equal(1);
  });

  it('counts a message said between arriving and being enrolled as unread, and shows it to a newcomer', async () => {
    const { floor, a, b, rooms } = await twoAt(8);
    const next = rooms.get(14)!;
    await ok(call(a, 'floor:joinRoom', { roomId: next.id }));
    const { id } = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'room', roomId: next.id }));
    await send(a, { conversationId: id, content: 'before b came' });
    clock.advance(1000);
    // b arrives, and a speaks right after — before b's enrolment has run (it runs off the move's path)
    const bHears = heard(b);
    await ok(call(b, 'floor:joinRoom', { roomId: next.id }));
    const said = await send(a, { conversationId: id, content: 'welcome b' });
    await bHears.until('chat:messageCreated', (m) => m.id === said.id);
    await settled();
    const mine = roomChat(await history(b, floor.id), next.id)!;
    const page = await ok(call<ChatMessagesPage>(b, 'chat:getMessages', { conversationId: id }));
    expect(page.messages.map((m) => m.content)).to.deep.equal(['welcome b']);
    expect(mine.unreadMessages).to.equal(1);
  });
});

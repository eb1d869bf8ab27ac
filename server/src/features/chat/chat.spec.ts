import { expect } from 'chai';
import type { ChatConversationDto, ChatMessageDto, ChatMessagesPage, FloorInitialData } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { call, next, ok, refused, socketOf, type Client } from '../floors/live/live.testing';

describe(`chat over Socket.IO: events and access (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const socket = async (who: Actor, lang = 'en') => {
    const client = await socketOf(server.url, who, lang);
    open.push(client);
    return client;
  };
  const join = (c: Client, payload: unknown) => ok(call<ChatConversationDto>(c, 'chat:join', payload));
  const send = (c: Client, payload: unknown) => ok(call<ChatMessageDto>(c, 'chat:sendMessage', payload));
  const messageCount = () => server.models.ChatMessage.count();

  before(async () => {
    server = await startTestServer({});
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('runs a private conversation: send, reply with its sender, edit, unsend, seen, unread, history — live on both sides', async () => {
    const a = await socket(teams.ownerA);
    const b = await socket(teams.memberA);
    const appears = next(b, 'chat:conversationUpdated');
    const conv = await join(a, { scope: 'private', userId: teams.memberA.user.id });
    expect(conv).to.deep.include({ type: 1, scope: 'private', title: 'member', readOnly: false });
    // the other person's list shows it at once, titled with the starter's name
    expect(await appears).to.deep.include({ id: conv.id, title: 'owner', unreadMessages: 0 });
    const arriving = next(b, 'chat:messageCreated');
    const first = await send(a, {
      conversationId: conv.id,
      content: ' <b>Hello</b> <script>alert(1)</script> ',
      clientMessageId: 'm1',
    });
    expect(first.type).to.equal('text');
    expect(first.content).to.equal('<b>Hello</b> &lt;script&gt;alert(1)&lt;/script&gt;');
    expect((await arriving).id).to.equal(first.id);
    // a resend with the same clientMessageId answers the stored message and announces it again (same id)
    const again = next(b, 'chat:messageCreated');
    expect((await send(a, { conversationId: conv.id, content: 'Hello', clientMessageId: 'm1' })).id).to.equal(first.id);
    expect((await again).id).to.equal(first.id);
    expect(await messageCount()).to.equal(1);

    const bHistory = await ok(call<ChatConversationDto[]>(b, 'chat:getHistoryConversations', {}));
    expect(bHistory.map((c) => [c.id, c.unreadMessages, c.lastMessageId])).to.deep.equal([[conv.id, 1, first.id]]);
    const replyEvent = next(a, 'chat:messageCreated');
    const reply = await send(b, {
      conversationId: conv.id,
      content: 'Hi <a href="javascript:alert(1)">x</a> <a href="https://e.example">y</a>',
      parentId: first.id,
    });
    expect(reply.content).to.equal(
      'Hi <a target="_blank" rel="noopener noreferrer nofollow">x</a> <a href="https://e.example" target="_blank" rel="noopener noreferrer nofollow">y</a>',
    );
    expect(reply.replyTo).to.deep.include({ id: first.id, content: 'Hello <script>alert(1)</script>' });
    expect(reply.replyTo!.sender.userId).to.equal(teams.ownerA.user.id);
    expect((await replyEvent).parentId).to.equal(first.id);

    const edited = next(b, 'chat:messageUpdated');
    const edit = await ok(call<ChatMessageDto>(a, 'chat:editMessage', { messageId: first.id, content: 'Hello again' }));
    expect(edit.editedAt).to.be.a('string');
    expect((await edited).content).to.equal('Hello again');
    expect(await refused(call(b, 'chat:editMessage', { messageId: first.id, content: 'mine now' }))).to.deep.include(
      'CHAT_NOT_SENDER',
    );
    expect(await refused(call(b, 'chat:unsendMessage', { messageId: first.id }))).to.deep.include('CHAT_NOT_SENDER');

    const seenEvent = next(a, 'chat:messageSeen');
    const read = await ok(call(b, 'chat:seenMessage', { conversationId: conv.id }));
    expect(read).to.deep.include({ lastReadMessageId: reply.id });
    expect((await seenEvent).user.userId).to.equal(teams.memberA.user.id);
    expect(
      (await ok(call<ChatConversationDto>(b, 'chat:getConversation', { conversationId: conv.id }))).unreadMessages,
    ).to.equal(0);
    const reads = await ok(call<{ user: { userId: number } }[]>(a, 'chat:getLastRead', { conversationId: conv.id }));
    expect(reads.map((r) => r.user.userId).sort()).to.deep.equal([teams.ownerA.user.id, teams.memberA.user.id].sort());

    const unsent = next(b, 'chat:messageUpdated');
    const gone = await ok(call<ChatMessageDto>(a, 'chat:unsendMessage', { messageId: first.id }));
    expect(gone).to.deep.include({ content: '' });
    expect(gone.unsentAt).to.be.a('string');
    expect((await unsent).unsentAt).to.equal(gone.unsentAt);
    expect(await refused(call(a, 'chat:editMessage', { messageId: first.id, content: 'x' }))).to.deep.include(
      'CHAT_MESSAGE_UNSENT',
    );
    expect(await refused(call(a, 'chat:unsendMessage', { messageId: first.id }))).to.deep.include(
      'CHAT_MESSAGE_UNSENT',
    );
  });

  it('pages history with before, oldest first', async () => {
    const a = await socket(teams.adminA);
    const conv = await join(a, { scope: 'private', userId: teams.memberA.user.id });
    const sent: number[] = [];
    for (let i = 0; i < 25; i++) sent.push((await send(a, { conversationId: conv.id, content: `m${i}` })).id);
    const newest = await ok(call<ChatMessagesPage>(a, 'chat:getMessages', { conversationId: conv.id }));
    expect(newest.hasMore).to.equal(true);
    expect(newest.messages.map((m) => m.id)).to.deep.equal(sent.slice(5));
    const older = await ok(call<ChatMessagesPage>(a, 'chat:getMessages', { conversationId: conv.id, before: sent[5] }));
    expect(older).to.deep.include({ hasMore: false });
    expect(older.messages.map((m) => m.id)).to.deep.equal(sent.slice(0, 5));
  });

  it('refuses every bad input with a catalogue error and stores nothing', async () => {
    const a = await socket(teams.ownerA);
    const conv = await join(a, { scope: 'private', userId: teams.adminA.user.id });
    const before = await messageCount();
    const bad: [unknown, string][] = [
      [{ conversationId: conv.id, content: '   ' }, 'VALIDATION_FAILED'],
      [{ conversationId: conv.id, content: '<p> </p><br><b> </b>' }, 'VALIDATION_FAILED'],
      [{ conversationId: conv.id, content: 'x'.repeat(10_001) }, 'VALIDATION_FAILED'],
      [{ conversationId: conv.id, content: 42 }, 'VALIDATION_FAILED'],
      [{ conversationId: 'one', content: 'x' }, 'VALIDATION_FAILED'],
      [{ conversationId: conv.id, uploadId: '../../etc/passwd' }, 'VALIDATION_FAILED'],
      [{ conversationId: conv.id, uploadId: 'a'.repeat(32) }, 'CHAT_UPLOAD_NOT_FOUND'],
      [{ conversationId: 999_999, content: 'x' }, 'CHAT_CONVERSATION_NOT_FOUND'],
      [{ conversationId: conv.id, content: 'x', parentId: 999_999 }, 'CHAT_MESSAGE_NOT_FOUND'],
      [null, 'VALIDATION_FAILED'],
    ];
    for (const [payload, code] of bad)
      expect((await refused(call(a, 'chat:sendMessage', payload)))[0], JSON.stringify(payload)).to.equal(code);
    const [code, message] = await refused(call(a, 'chat:sendMessage', { conversationId: conv.id, content: ' \n ' }));
    expect([code, message]).to.deep.equal(['VALIDATION_FAILED', 'Some fields are not valid.']);
    expect(await refused(call(a, 'chat:join', { scope: 'moon', floorId: 1 }))).to.deep.include('VALIDATION_FAILED');
    expect(await refused(call(a, 'chat:join', { scope: 'private', userId: teams.ownerA.user.id }))).to.deep.include(
      'CHAT_USER_NOT_FOUND',
    );
    expect(await refused(call(a, 'chat:getMessages', { conversationId: conv.id, before: -1 }))).to.deep.include(
      'VALIDATION_FAILED',
    );
    expect(await refused(call(a, 'chat:editMessage', { messageId: 999_999, content: 'x' }))).to.deep.include(
      'CHAT_MESSAGE_NOT_FOUND',
    );
    expect(await refused(call(a, 'chat:seenMessage', { conversationId: conv.id, messageId: 999_999 }))).to.deep.include(
      'CHAT_MESSAGE_NOT_FOUND',
    );
    expect(await messageCount()).to.equal(before);
  });

  it('keeps other teams, other floors and other pairs out, exactly like a conversation that does not exist', async () => {
    const a = await socket(teams.ownerA);
    const m = await socket(teams.memberA);
    const outsider = await socket(teams.ownerB);
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const floorChat = await join(a, { scope: 'floor', floorId: floor.id });
    const pair = await join(a, { scope: 'private', userId: teams.memberA.user.id });
    const msg = await send(a, { conversationId: pair.id, content: 'secret' });
    const third = await socket(teams.adminA);
    const missing = await refused(call(outsider, 'chat:getMessages', { conversationId: 999_999 }));
    expect(missing).to.deep.equal([
      'CHAT_CONVERSATION_NOT_FOUND',
      'This conversation does not exist or you are not in it.',
    ]);
    for (const [who, conversationId] of [
      [outsider, floorChat.id],
      [outsider, pair.id],
      [third, pair.id],
    ] as const) {
      expect(await refused(call(who, 'chat:getMessages', { conversationId }))).to.deep.equal(missing);
      expect(await refused(call(who, 'chat:getConversation', { conversationId }))).to.deep.equal(missing);
      expect(await refused(call(who, 'chat:sendMessage', { conversationId, content: 'hi' }))).to.deep.equal(missing);
      expect(await refused(call(who, 'chat:seenMessage', { conversationId }))).to.deep.equal(missing);
      expect(await refused(call(who, 'chat:getLastRead', { conversationId }))).to.deep.equal(missing);
      expect(await refused(call(who, 'chat:leave', { conversationId }))).to.deep.equal(missing);
    }
    expect(await refused(call(third, 'chat:unsendMessage', { messageId: msg.id }))).to.deep.include(
      'CHAT_MESSAGE_NOT_FOUND',
    );
    expect(await refused(call(outsider, 'chat:join', { scope: 'floor', floorId: floor.id }))).to.deep.include(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    expect(
      await refused(call(outsider, 'chat:join', { scope: 'private', userId: teams.memberA.user.id })),
    ).to.deep.include('CHAT_USER_NOT_FOUND');
    expect(
      await refused(
        call(outsider, 'chat:join', { scope: 'private', userId: teams.memberA.user.id, floorId: floor.id }),
      ),
    ).to.deep.include('CHAT_USER_NOT_FOUND');
    // an outsider invited to the floor may chat on it, and privately with its people through it
    expect((await calls.register(teams.ownerA, floor.id, [{ email: 'owner@b.example' }])).status).to.equal(201);
    await join(outsider, { scope: 'floor', floorId: floor.id });
    const fromFloor = next(m, 'chat:messageCreated');
    const viaFloor = await join(outsider, { scope: 'private', userId: teams.memberA.user.id, floorId: floor.id });
    await send(outsider, { conversationId: viaFloor.id, content: 'hello from B' });
    expect((await fromFloor).conversationId).to.equal(viaFloor.id);
    // nobody else received the pair's messages
    let leaked = false;
    third.on('chat:messageCreated', () => (leaked = true));
    await send(a, { conversationId: pair.id, content: 'still secret' });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).to.equal(false);
  });

  it('room chat reaches the people in the room only; leaving clears it unless saveChat, then a read-only saved copy', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const rooms = (await calls.rooms(teams.ownerA, floor.id)).json.data as { id: number; number: number }[];
    const table = rooms.find((r) => r.number === 8)!;
    const saved = rooms.find((r) => r.number === 9)!;
    expect((await calls.editRoom(teams.ownerA, saved.id, { saveChat: true })).status).to.equal(200);
    const a = await socket(teams.ownerA);
    const b = await socket(teams.memberA);
    const c = await socket(teams.adminA);
    for (const s of [a, b, c]) await ok(call<FloorInitialData>(s, 'floor:joinOffice', { floorId: floor.id }));
    for (const s of [a, b]) await ok(call(s, 'floor:joinRoom', { roomId: table.id }));
    const conv = await join(a, { scope: 'room', roomId: table.id });
    await join(b, { scope: 'room', roomId: table.id });
    expect(conv).to.deep.include({ scope: 'room', typeId: table.id, title: 'Table A' });
    expect(await refused(call(c, 'chat:join', { scope: 'room', roomId: table.id }))).to.deep.include(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    expect(await refused(call(c, 'chat:getMessages', { conversationId: conv.id }))).to.deep.include(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    const toB = next(b, 'chat:messageCreated');
    let leaked = false;
    c.on('chat:messageCreated', () => (leaked = true));
    const hello = await send(a, { conversationId: conv.id, content: 'at the table' });
    expect((await toB).id).to.equal(hello.id);
    // b leaves: no more messages, no history, and a return shows only newer messages
    // (the server applies the leave rule by itself: chat-delivery.spec.ts; the client's call finds nothing left)
    const cleared = next(b, 'chat:conversationCleared');
    await ok(call(b, 'floor:joinRoom', { roomId: saved.id }));
    expect(await cleared).to.deep.equal({ conversationId: conv.id, typeId: table.id, scope: 'room' });
    expect(await ok(call(b, 'chat:clearRoomConversation', { typeId: table.id }))).to.deep.equal({
      conversationId: null,
      saved: false,
    });
    expect(await refused(call(b, 'chat:getMessages', { conversationId: conv.id }))).to.deep.include(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    await send(a, { conversationId: conv.id, content: 'b is gone' });
    await ok(call(b, 'floor:joinRoom', { roomId: table.id }));
    const back = await ok(
      call<{ conversation: ChatConversationDto } & ChatMessagesPage>(b, 'chat:getConversationAndMessages', {
        typeId: table.id,
      }),
    );
    expect(back.messages.map((m) => m.content)).to.deep.equal([]);
    expect(leaked).to.equal(false);
    // everyone leaves a room without saveChat: its messages are deleted
    for (const s of [a, b]) await ok(call(s, 'floor:joinRoom', { roomId: saved.id }));
    await server.features.chat.idle();
    expect(await server.models.ChatMessage.count({ where: { conversationId: conv.id } })).to.equal(0);
    // saveChat: the leaver keeps a read-only copy, downloadable as text
    const savedConv = await join(a, { scope: 'room', roomId: saved.id });
    await send(b, { conversationId: savedConv.id, content: 'minutes: <b>ship it</b>' });
    await server.features.chat.idle();
    const turned = next(a, 'chat:conversationUpdated');
    await ok(call(a, 'floor:joinRoom', { roomId: table.id }));
    expect(await turned).to.deep.include({ id: savedConv.id, readOnly: true });
    // asked again (an older client): the copy stays as it was
    expect(await ok(call(a, 'chat:clearRoomConversation', { typeId: saved.id }))).to.deep.equal({
      conversationId: savedConv.id,
      saved: true,
    });
    await send(b, { conversationId: savedConv.id, content: 'after a left' });
    const copy = await ok(call<ChatMessagesPage>(a, 'chat:getMessages', { conversationId: savedConv.id }));
    expect(copy.messages.map((m) => m.content)).to.deep.equal(['minutes: <b>ship it</b>']);
    expect(
      (await ok(call<ChatConversationDto>(a, 'chat:getConversation', { conversationId: savedConv.id }))).readOnly,
    ).to.equal(true);
    expect(await refused(call(a, 'chat:sendMessage', { conversationId: savedConv.id, content: 'x' }))).to.deep.include(
      'CHAT_READ_ONLY',
    );
    const file = await calls.call(teams.ownerA, `/chat/conversations/${savedConv.id}/download`);
    expect(file.status).to.equal(200);
    expect(file.text).to.match(/^\[\d{4}-\d\d-\d\dT[\d:.]+Z\] member: minutes: ship it\n$/);
    expect(file.text).not.to.contain('after a left');
    const other = await calls.call(teams.ownerB, `/chat/conversations/${savedConv.id}/download`);
    expect(other.status).to.equal(404);
  });
});

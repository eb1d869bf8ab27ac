import { expect } from 'chai';
import type { ChatConversationDto, ChatMessageDto, ChatMessagesPage, FloorDto, FloorInitialData } from '@tsudoi/common';
import { ManualClock } from '../../testing/clock';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { guestSession, socketWithToken } from '../floors/guests/guests.testing';
import { call, next, ok, refused, socketOf, type Client } from '../floors/live/live.testing';

describe(`chat on a floor: whole floor, Q&A, guests and limits (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const open: Client[] = [];
  const track = (c: Client) => (open.push(c), c);
  const socket = async (who: Actor) => track(await socketOf(server.url, who));
  const join = (c: Client, payload: unknown) => ok(call<ChatConversationDto>(c, 'chat:join', payload));
  const send = (c: Client, payload: unknown) => ok(call<ChatMessageDto>(c, 'chat:sendMessage', payload));
  const guestOn = async (floor: FloorDto, name: string) => {
    const appId = (await server.models.Floor.findByPk(floor.id))!.inviteToken;
    const session = await guestSession(server, floor.id, appId, name);
    const client = track(await socketWithToken(server, session.token));
    const me = (await ok(call<FloorInitialData>(client, 'floor:joinOffice', { floorId: floor.id }))).me;
    return { client, session, participantId: me.participantId! };
  };

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('one floor chat and one Q&A per floor, reused on every join; messages reach those who joined it', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const a = await socket(teams.ownerA);
    const m = await socket(teams.memberA);
    const first = await join(a, { scope: 'floor', floorId: floor.id });
    expect(first).to.deep.include({ type: 1, scope: 'floor', floorId: floor.id, typeId: floor.id, title: 'All hands' });
    expect((await join(m, { scope: 'floor', floorId: floor.id })).id).to.equal(first.id);
    const qa = await join(m, { scope: 'qa', floorId: floor.id });
    expect(qa).to.deep.include({ type: 3, scope: 'qa', typeId: floor.id });
    expect(qa.id).not.to.equal(first.id);
    const arriving = next(m, 'chat:messageCreated');
    const hi = await send(a, { conversationId: first.id, content: 'Welcome all' });
    expect((await arriving).id).to.equal(hi.id);
    const both = await ok(
      call<{ conversation: ChatConversationDto } & ChatMessagesPage>(m, 'chat:getConversationAndMessages', {
        scope: 'floor',
        typeId: floor.id,
      }),
    );
    expect(both.conversation.id).to.equal(first.id);
    expect(both.messages.map((x) => x.content)).to.deep.equal(['Welcome all']);
    const list = await ok(call<ChatConversationDto[]>(m, 'chat:getHistoryConversations', { floorId: floor.id }));
    expect(list.map((c) => c.id)).to.deep.equal([first.id, qa.id]);
    expect(list[0]!.unreadMessages).to.equal(1);
    expect(await ok(call(m, 'chat:leave', { conversationId: first.id }))).to.equal(null);
    // leaving the open conversation does not stop its messages (the unread count still grows)
    const still = next(m, 'chat:messageCreated');
    await send(a, { conversationId: first.id, content: 'Still here?' });
    expect((await still).content).to.equal('Still here?');
  });

  it('a guest talks with the host side in their own participant conversation, and nobody else can open it', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    const host = await socket(teams.ownerA);
    const colleague = await socket(teams.memberA);
    const visitor = await guestOn(floor, 'Visitor');
    const other = await guestOn(floor, 'Other visitor');
    const appears = next(host, 'chat:conversationUpdated');
    const mine = await join(visitor.client, { scope: 'participant', participantId: visitor.participantId });
    expect(mine).to.deep.include({ type: 2, scope: 'participant', typeId: visitor.participantId, title: 'Visitor' });
    expect((await appears).id).to.equal(mine.id);
    const toHost = next(host, 'chat:messageCreated');
    const question = await send(visitor.client, { conversationId: mine.id, content: 'Where is the stage?' });
    expect(question.participantId).to.equal(visitor.participantId);
    expect((await toHost).id).to.equal(question.id);
    const answer = next(visitor.client, 'chat:messageCreated');
    expect((await join(host, { scope: 'participant', participantId: visitor.participantId })).id).to.equal(mine.id);
    await send(host, { conversationId: mine.id, content: 'Room 7', parentId: question.id });
    expect((await answer).replyTo!.sender.participantId).to.equal(visitor.participantId);
    const missing = ['CHAT_CONVERSATION_NOT_FOUND', 'This conversation does not exist or you are not in it.'];
    for (const who of [colleague, other.client]) {
      expect(
        await refused(call(who, 'chat:join', { scope: 'participant', participantId: visitor.participantId })),
      ).to.deep.equal(missing);
      expect(await refused(call(who, 'chat:getMessages', { conversationId: mine.id }))).to.deep.equal(missing);
    }
    // guests keep to their floor: no 1:1 with members, no other floor's chat
    const elsewhere = await calls.floor(teams.ownerA, { type: 2, title: 'Elsewhere' });
    expect(
      await refused(
        call(visitor.client, 'chat:join', { scope: 'private', userId: teams.ownerA.user.id, floorId: floor.id }),
      ),
    ).to.deep.include('CHAT_USER_NOT_FOUND');
    expect(
      await refused(call(host, 'chat:join', { scope: 'private', userId: visitor.session.userId, floorId: floor.id })),
    ).to.deep.include('CHAT_USER_NOT_FOUND');
    expect(await refused(call(visitor.client, 'chat:join', { scope: 'floor', floorId: elsewhere.id }))).to.deep.include(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    expect((await join(visitor.client, { scope: 'floor', floorId: floor.id })).scope).to.equal('floor');
  });

  it('takes someone removed from the floor out of its chat at once', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2 });
    expect((await calls.register(teams.ownerA, floor.id, [{ email: 'member@b.example' }])).status).to.equal(201);
    const host = await socket(teams.ownerA);
    const invited = await socket(teams.memberB);
    const conv = await join(host, { scope: 'floor', floorId: floor.id });
    await join(invited, { scope: 'floor', floorId: floor.id });
    const heard = next(invited, 'chat:messageCreated');
    await send(host, { conversationId: conv.id, content: 'Hello guests' });
    await heard;
    const list = (await calls.participants(teams.ownerA, floor.id)).json.data as { id: number; email: string }[];
    const row = list.find((p) => p.email === 'member@b.example')!;
    const cleared = next(invited, 'chat:conversationCleared');
    expect((await calls.dismiss(teams.ownerA, row.id)).status).to.equal(200);
    expect(await cleared).to.deep.equal({ conversationId: conv.id, typeId: floor.id, scope: 'floor' });
    let leaked = false;
    invited.on('chat:messageCreated', () => (leaked = true));
    await send(host, { conversationId: conv.id, content: 'Only the team now' });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).to.equal(false);
    expect(await refused(call(invited, 'chat:getMessages', { conversationId: conv.id }))).to.deep.include(
      'CHAT_CONVERSATION_NOT_FOUND',
    );
  });

  it('limits each account to 30 messages in 10 seconds', async () => {
    const a = await socket(teams.adminA);
    const conv = await join(a, { scope: 'private', userId: teams.ownerA.user.id });
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        call<ChatMessageDto>(a, 'chat:sendMessage', { conversationId: conv.id, content: `n${i}` }),
      ),
    );
    const refusedOnes = answers.filter((x) => !x.ok);
    expect(refusedOnes).to.have.length(1);
    const error = (refusedOnes[0] as { error: { code: string; message: string } }).error;
    expect(error.code).to.equal('CHAT_RATE_LIMITED');
    expect(error.message).to.match(/^You are sending messages too quickly\. Try again in \d+ seconds\.$/);
    expect(await server.models.ChatMessage.count({ where: { conversationId: conv.id } })).to.equal(30);
  });
});

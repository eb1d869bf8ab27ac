import { expect } from 'chai';
import {
  chatUploadAnswerSchema,
  type ChatConversationDto,
  type ChatMessageDto,
  type FloorDto,
  type FloorInitialData,
} from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { floorCalls, twoTeams } from '../features/floors/fixtures';
import { call, ok, refused, socketOf, type Client } from '../features/floors/live/live.testing';
import { png } from '../features/uploads/test-images';
import { api, as, signUp, sockets, verify, type SignedIn } from './sessions.testing';

/**
 * Issue 13 §2: an account whose e-mail matches a floor invitation but is not
 * confirmed gets nothing of a private floor — REST (detail, join, list,
 * participants, link landing), the socket (floor:joinOffice), the chat socket
 * (join, messages, history, floor-and-messages) and the chat REST downloads —
 * whether it signed up before or after the invitation. Once the owner of the
 * address confirms it, the same account gets in on every path.
 */
describe('abuse: an unconfirmed account with an invited address (issue 13 §2)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const live = sockets();
  let floor: FloorDto;
  let host: Client;
  let floorChat: ChatConversationDto;
  let text: ChatMessageDto;
  let file: ChatMessageDto;
  let early: SignedIn;
  let late: SignedIn;

  const get = (who: SignedIn, path: string) => api(server, path, as(who));
  const errorOf = (res: { status: number; json: { error?: { code: string } } }) => [res.status, res.json.error?.code];
  async function download(who: SignedIn, messageId: number) {
    const res = await fetch(`${server.url}/api/messages/attachment?messageId=${messageId}`, {
      headers: { 'x-api-key': server.apiKey, 'Accept-Language': 'en', ...who.headers },
    });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  before(async () => {
    server = await startTestServer();
    teams = await twoTeams(server);
    // signed up with the invitee's address before the invitation exists
    early = await signUp(server, 'early@partner.example');
    floor = await calls.floor(teams.ownerA, { type: 2, privacy: 'private', startAt: undefined, endAt: undefined });
    const invited = await calls.register(teams.ownerA, floor.id, [
      { email: 'early@partner.example' },
      { email: 'late@partner.example' },
    ]);
    expect(invited.status, invited.text).to.equal(201);
    // and after it
    late = await signUp(server, 'late@partner.example');

    host = await socketOf(server.url, teams.ownerA);
    await ok(call<FloorInitialData>(host, 'floor:joinOffice', { floorId: floor.id }));
    floorChat = await ok(call<ChatConversationDto>(host, 'chat:join', { scope: 'floor', floorId: floor.id }));
    text = await ok(
      call<ChatMessageDto>(host, 'chat:sendMessage', { conversationId: floorChat.id, content: 'Q3 plan' }),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(2, 2))], { type: 'image/png' }), 'plan.png');
    const up = await fetch(`${server.url}/api/uploads?conversationId=${floorChat.id}`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, ...teams.ownerA.headers },
      body: form,
    });
    const uploadId = chatUploadAnswerSchema.parse(await up.json()).data.id;
    file = await ok(call<ChatMessageDto>(host, 'chat:sendMessage', { conversationId: floorChat.id, uploadId }));
  });
  afterEach(() => live.closeAll());
  after(async () => {
    host?.disconnect();
    await server?.close();
  });

  it('does not link an invitation to an account that has not confirmed the address', async () => {
    const rows = await server.models.FloorParticipant.findAll({ where: { floorId: floor.id, type: 'GUEST' } });
    expect(rows.map((r) => [r.email, r.userId]).sort()).to.deep.equal([
      ['early@partner.example', null],
      ['late@partner.example', null],
    ]);
  });

  for (const which of ['early', 'late'] as const) {
    it(`refuses the unconfirmed "${which}" account on every REST path (EMAIL_NOT_VERIFIED)`, async () => {
      const who = which === 'early' ? early : late;
      const appId = (await server.models.FloorParticipant.findOne({ where: { email: who.email } }))!.publicToken;
      for (const path of [`/floors/${floor.id}`, `/floors/${floor.id}/join`, `/floors/${floor.id}/participants`])
        expect(errorOf(await get(who, path)), path).to.deep.equal([403, 'EMAIL_NOT_VERIFIED']);
      expect(errorOf(await get(who, '/floors')), 'list').to.deep.equal([403, 'EMAIL_NOT_VERIFIED']);
      const link = await api(server, `/floors/${floor.id}/join-link`, as(who, { body: { participantId: appId } }));
      expect(errorOf(link), 'join-link').to.deep.equal([403, 'EMAIL_NOT_VERIFIED']);
    });

    it(`refuses the unconfirmed "${which}" account on the socket and in every chat call, and changes nothing`, async () => {
      const who = which === 'early' ? early : late;
      const socket = await live.open(server, who.accessToken);
      const places = await server.models.FloorUser.count();
      const members = await server.models.ChatMember.count();
      expect(await refused(call(socket, 'floor:joinOffice', { floorId: floor.id }))).to.deep.equal([
        'EMAIL_NOT_VERIFIED',
        'Please confirm your e-mail address first.',
      ]);
      const notFound = 'CHAT_CONVERSATION_NOT_FOUND';
      expect(await refused(call(socket, 'chat:join', { scope: 'floor', floorId: floor.id }))).to.include(notFound);
      expect(await refused(call(socket, 'chat:join', { scope: 'qa', floorId: floor.id }))).to.include(notFound);
      expect(await refused(call(socket, 'chat:getMessages', { conversationId: floorChat.id }))).to.include(notFound);
      expect(await refused(call(socket, 'chat:getConversation', { conversationId: floorChat.id }))).to.include(
        notFound,
      );
      expect(
        await refused(call(socket, 'chat:getConversationAndMessages', { typeId: floor.id, scope: 'floor' })),
      ).to.include(notFound);
      expect(await ok(call<ChatConversationDto[]>(socket, 'chat:getHistoryConversations', {}))).to.deep.equal([]);
      expect(
        await refused(call(socket, 'chat:sendMessage', { conversationId: floorChat.id, content: 'hi' })),
      ).to.include(notFound);
      expect(errorOf(await get(who, `/chat/conversations/${floorChat.id}/download`))).to.deep.equal([404, notFound]);
      const attachment = await download(who, file.id);
      expect(attachment.status).to.equal(404);
      expect(attachment.body.toString()).to.contain('CHAT_MESSAGE_NOT_FOUND');
      expect(await server.models.FloorUser.count()).to.equal(places);
      expect(await server.models.ChatMember.count()).to.equal(members);
      expect(await server.models.ChatMessage.count({ where: { conversationId: floorChat.id } })).to.equal(2);
    });
  }

  it('lets the same account in on every path once the owner of the address confirms it', async () => {
    await verify(server, late);
    expect((await get(late, `/floors/${floor.id}`)).status).to.equal(200);
    expect((await get(late, `/floors/${floor.id}/join`)).status).to.equal(200);
    const listed = await get(late, '/floors');
    expect((listed.json.data as { id: number }[]).map((f) => f.id)).to.include(floor.id);
    const socket = await live.open(server, late.accessToken);
    const joined = await ok(call<FloorInitialData>(socket, 'floor:joinOffice', { floorId: floor.id }));
    expect(joined.me).to.deep.include({ userId: late.userId, participantType: 'GUEST' });
    const opened = await ok(call<ChatConversationDto>(socket, 'chat:join', { scope: 'floor', floorId: floor.id }));
    expect(opened.id).to.equal(floorChat.id);
    const page = await ok(
      call<{ messages: ChatMessageDto[] }>(socket, 'chat:getMessages', { conversationId: floorChat.id }),
    );
    expect(page.messages.map((m) => m.id)).to.include.members([text.id, file.id]);
    const attachment = await download(late, file.id);
    expect(attachment.status).to.equal(200);
    expect(attachment.body.equals(png(2, 2))).to.equal(true);
    expect((await get(late, `/chat/conversations/${floorChat.id}/download`)).text).to.contain('Q3 plan');
    // the one who never confirmed is still out
    const other = await live.open(server, early.accessToken);
    expect(await refused(call(other, 'floor:joinOffice', { floorId: floor.id }))).to.include('EMAIL_NOT_VERIFIED');
  });
});

import { expect } from 'chai';
import { chatUploadAnswerSchema, type ChatConversationDto, type ChatMessageDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { type Actor } from '../features/companies/fixtures';
import { floorCalls, twoTeams } from '../features/floors/fixtures';
import { guestSession, socketWithToken } from '../features/floors/guests/guests.testing';
import { call, join, ok, refused, socketOf, type Client } from '../features/floors/live/live.testing';
import { streamUpload } from './support/multipart';

const KB = 1024;

/**
 * Issue 25 §5 from the attacker's side: account-less guests of a public floor
 * cannot fill a team's storage (each has a small upload budget, and the
 * floor's guests share one), and the floor's host can take any message or
 * file out of its chats, which the audit log records. Budgets are set small
 * here: 200 KB a guest, 500 KB for all the guests of a floor, 2 MB a member.
 */
describe('abuse: guests cannot eat a team’s storage; hosts remove what they leave', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floorId: number;
  let conversationId: number;
  const sockets: Client[] = [];
  const upload = (headers: Record<string, string>, size: number, name = 'dump.bin') =>
    streamUpload(`${server.url}/api/uploads?conversationId=${conversationId}`, headers, size, { name });
  const headersOf = (token: string) => ({
    'x-api-key': server.apiKey,
    'Accept-Language': 'en',
    Authorization: `Bearer ${token}`,
  });
  const memberHeaders = (who: Actor) => ({ 'x-api-key': server.apiKey, 'Accept-Language': 'en', ...who.headers });
  /** A new account-less guest through the public link, on the floor, in its chat. */
  async function guest(name: string) {
    const floor = (await server.models.Floor.findByPk(floorId))!;
    const session = await guestSession(server, floorId, floor.inviteToken, name);
    const socket = await socketWithToken(server, session.token);
    sockets.push(socket);
    await join(socket, floorId);
    await ok(call<ChatConversationDto>(socket, 'chat:join', { scope: 'floor', floorId }));
    return { session, socket, headers: headersOf(session.token) };
  }

  before(async () => {
    server = await startTestServer({
      UPLOAD_BUDGET_GUEST: '200KB',
      UPLOAD_BUDGET_FLOOR_GUESTS: '500KB',
      UPLOAD_BUDGET_MEMBER: '2MB',
      // seven guest identities from one address (loopback) in this test: room for them
      GUEST_NEW_PER_ADDRESS: '600',
    });
    teams = await twoTeams(server);
    floorId = (await floorCalls(() => server).floor(teams.ownerA, { type: 2, privacy: 'public' })).id;
    const host = await socketOf(server.url, teams.ownerA);
    sockets.push(host);
    await join(host, floorId);
    conversationId = (await ok(call<ChatConversationDto>(host, 'chat:join', { scope: 'floor', floorId }))).id;
  });
  after(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it('a guest uploads up to their own budget; fresh guest identities stop at the floor’s shared one; members go on', async () => {
    const quota = () => server.features.uploads.quota.status({ companyId: teams.teamA.id, userId: 0 });
    const before = (await quota()).usedBytes;
    const first = await guest('Flooder 1');
    expect((await upload(first.headers, 150 * KB)).status).to.equal(201);
    const over = await upload(first.headers, 100 * KB);
    expect([over.status, over.json.error?.code, over.json.error?.message]).to.deep.equal([
      413,
      'UPLOAD_BUDGET_EXCEEDED',
      'You have uploaded 150 KB of your 200 KB for today. Please try again later.',
    ]);
    // new identities each get their own small budget, until the floor's guests together reach theirs
    let refusal: { status: number; code?: string } | undefined;
    for (let i = 2; i <= 6 && !refusal; i++) {
      const next = await guest(`Flooder ${i}`);
      const answer = await upload(next.headers, 150 * KB);
      if (answer.status !== 201) refusal = { status: answer.status, code: answer.json.error?.code };
    }
    expect(refusal).to.deep.equal({ status: 413, code: 'GUEST_UPLOADS_EXCEEDED' });
    // what the guests could store at most: the floor's shared budget
    expect((await quota()).usedBytes - before).to.be.at.most(500 * KB);
    // the team's own people are not held by what guests did
    expect((await upload(memberHeaders(teams.memberA), 300 * KB)).status).to.equal(201);
  });

  it('the host removes a guest’s file from the floor chat: it goes for everyone and from the storage, and the audit log says so', async () => {
    const visitor = await guest('Visitor');
    const sent = await upload(visitor.headers, 10 * KB, 'spam.bin');
    expect(sent.status).to.equal(201);
    const uploaded = chatUploadAnswerSchema.parse(sent.json).data;
    const message = await ok(
      call<ChatMessageDto>(visitor.socket, 'chat:sendMessage', { conversationId, uploadId: uploaded.id }),
    );
    // a plain member, and another team's host, cannot take it away
    const member = await socketOf(server.url, teams.memberA);
    sockets.push(member);
    await join(member, floorId);
    expect((await refused(call(member, 'chat:unsendMessage', { messageId: message.id })))[0]).to.equal(
      'CHAT_NOT_SENDER',
    );
    const other = await socketOf(server.url, teams.ownerB);
    sockets.push(other);
    expect((await refused(call(other, 'chat:unsendMessage', { messageId: message.id })))[0]).to.equal(
      'CHAT_MESSAGE_NOT_FOUND',
    );
    expect(await server.models.ChatUpload.findByPk(uploaded.id)).to.not.equal(null);

    const host = await socketOf(server.url, teams.ownerA);
    sockets.push(host);
    await join(host, floorId);
    const seen = new Promise<ChatMessageDto>((resolve) => visitor.socket.once('chat:messageUpdated', resolve));
    const removed = await ok(call<ChatMessageDto>(host, 'chat:unsendMessage', { messageId: message.id }));
    expect(removed).to.include({ removedByHost: true, content: null });
    expect((await seen).removedByHost).to.equal(true);
    expect(await server.models.ChatUpload.findByPk(uploaded.id)).to.equal(null);
    const entry = await server.models.AdminAudit.findOne({ where: { action: 'chat.remove', targetId: message.id } });
    expect(entry).to.include({ actorKind: 'host', adminId: teams.ownerA.user.id, companyId: teams.teamA.id });
    expect(JSON.parse(entry!.beforeJson!)).to.include({
      file: 'spam.bin',
      size: 10 * KB,
      senderId: visitor.session.userId,
    });
  });
});

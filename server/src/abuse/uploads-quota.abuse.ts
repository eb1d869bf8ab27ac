import path from 'node:path';
import { expect } from 'chai';
import { chatUploadAnswerSchema, type ChatConversationDto, type ChatMessageDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actor, registerTeam, type Actor } from '../features/companies/fixtures';
import { twoTeams } from '../features/floors/fixtures';
import { call, ok, socketOf, type Client } from '../features/floors/live/live.testing';
import { png } from '../features/uploads/test-images';
import { listed, streamUpload } from './support/multipart';
import { floorRow } from '../testing/floor-row';

const KB = 1024;

/**
 * Issue 13 item 5: a per-company storage quota by plan. Starter is set to
 * 300 KB and Business to 1 MB here so a few small files fill them.
 */
describe('abuse: the storage quota of a company', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const sockets: Client[] = [];
  const headersOf = (who: Actor) => ({ 'x-api-key': server.apiKey, 'Accept-Language': 'en', ...who.headers });
  const chatUpload = (who: Actor, conversationId: number, size: number, name = 'notes.bin') =>
    streamUpload(`${server.url}/api/uploads?conversationId=${conversationId}`, headersOf(who), size, { name });
  const background = (who: Actor, size: number) =>
    streamUpload(`${server.url}/api/virtual-backgrounds/upload`, headersOf(who), size, { head: png(), name: 'b.png' });
  const stored = async () => ({
    staging: listed(path.join(server.config.dataDir, 'staging')),
    chat: listed(path.join(server.config.dataDir, 'chat-files')),
    backgrounds: listed(path.join(server.config.dataDir, 'virtual-backgrounds')),
    rows: (await server.models.ChatUpload.count()) + (await server.models.VirtualBackground.count()),
  });
  async function privateChat(from: Actor, to: Actor) {
    const socket = await socketOf(server.url, from);
    sockets.push(socket);
    const conversation = await ok(
      call<ChatConversationDto>(socket, 'chat:join', { scope: 'private', userId: to.user.id }),
    );
    return { socket, id: conversation.id };
  }
  const usage = (companyId: number | null, userId = 0) => server.features.uploads.quota.status({ companyId, userId });

  before(async () => {
    server = await startTestServer({ STORAGE_QUOTA_STARTER: '300KB', STORAGE_QUOTA_BUSINESS: '1MB' });
    teams = await twoTeams(server);
  });
  after(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
  });

  it('refuses the file that does not fit with STORAGE_QUOTA_EXCEEDED naming used and quota, and stores nothing', async () => {
    const chat = await privateChat(teams.ownerA, teams.memberA);
    expect((await chatUpload(teams.ownerA, chat.id, 200 * KB)).status).to.equal(201);
    const before = await stored();
    const over = await chatUpload(teams.memberA, chat.id, 200 * KB);
    expect([over.status, over.json.error?.code, over.json.error?.message]).to.deep.equal([
      413,
      'STORAGE_QUOTA_EXCEEDED',
      "Your team's storage has no room for this file (200 KB of 300 KB used). " +
        "Delete files you no longer need, or ask your team's owner about a larger plan.",
    ]);
    expect(await stored()).to.deep.equal(before);
    // a file that still fits goes through; another company's quota is its own
    expect((await chatUpload(teams.memberA, chat.id, 100 * KB)).status).to.equal(201);
    expect((await usage(teams.teamA.id)).usedBytes).to.equal(300 * KB);
    const other = await privateChat(teams.ownerB, teams.memberB);
    expect((await chatUpload(teams.ownerB, other.id, 200 * KB)).status).to.equal(201);
  });

  it('refuses at once, without reading the body, when the quota is used up', async () => {
    const chat = await privateChat(teams.adminA, teams.ownerA);
    const before = await stored();
    const started = Date.now();
    const full = await chatUpload(teams.adminA, chat.id, 64 * 1024 * KB);
    expect([full.status, full.json.error?.code]).to.deep.equal([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(Date.now() - started).to.be.below(5000);
    expect(await stored()).to.deep.equal(before);
  });

  it('counts virtual backgrounds against the same quota', async () => {
    // team B holds 200 KB of chat files: a 150 KB background does not fit, a 50 KB one does
    const before = await stored();
    const over = await background(teams.memberB, 150 * KB);
    expect([over.status, over.json.error?.code]).to.deep.equal([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(await stored()).to.deep.equal(before);
    expect((await background(teams.memberB, 50 * KB)).status).to.equal(201);
    expect((await usage(teams.teamB.id)).usedBytes).to.equal(250 * KB);
  });

  it('lets only one of two uploads at once take the last free space', async () => {
    const owner = await actor(server, 'owner@c.example');
    const team = await registerTeam(server, owner, 'Team C');
    const mate = await actor(server, 'mate@c.example', { employmentCompanyId: team.id, employeeRole: 'EMPLOYEE' });
    const chat = await privateChat(owner, mate);
    const answers = await Promise.all([
      chatUpload(owner, chat.id, 200 * KB, 'one.bin'),
      chatUpload(mate, chat.id, 200 * KB, 'two.bin'),
      chatUpload(owner, chat.id, 200 * KB, 'three.bin'),
    ]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 413, 413]);
    expect((await usage(team.id)).usedBytes).to.equal(200 * KB);
    expect(listed(path.join(server.config.dataDir, 'staging'))).to.deep.equal([]);
  });

  it('gives a Business company its larger quota, and frees the space of an unsent file', async () => {
    const owner = await actor(server, 'owner@d.example');
    const team = await registerTeam(server, owner, 'Team D');
    const mate = await actor(server, 'mate@d.example', { employmentCompanyId: team.id, employeeRole: 'EMPLOYEE' });
    const chat = await privateChat(owner, mate);
    expect((await chatUpload(owner, chat.id, 250 * KB)).status).to.equal(201);
    // the owner of a Starter team is told where to upgrade, not to ask the owner
    const starter = await chatUpload(owner, chat.id, 100 * KB);
    expect([starter.json.error?.code, starter.json.error?.message]).to.deep.equal([
      'STORAGE_QUOTA_EXCEEDED',
      "Your team's storage has no room for this file (250 KB of 300 KB used). " +
        'Delete files you no longer need, or upgrade to Business on the plan page.',
    ]);
    await server.models.Company.update({ plan: 'business' }, { where: { id: team.id } });
    const big = await chatUpload(owner, chat.id, 700 * KB);
    expect(big.status).to.equal(201);
    const over = await chatUpload(owner, chat.id, 100 * KB);
    // Business has no larger plan: deleting files is what is left
    expect(over.json.error?.message).to.match(/\(950 KB of 1 MB used\)\. Delete files you no longer need\.$/);
    // unsending the big file gives its space back
    const { id } = chatUploadAnswerSchema.parse(big.json).data;
    const sent = await ok(
      call<ChatMessageDto>(chat.socket, 'chat:sendMessage', { conversationId: chat.id, uploadId: id }),
    );
    await ok(call(chat.socket, 'chat:unsendMessage', { messageId: sent.id }));
    expect((await usage(team.id)).usedBytes).to.equal(250 * KB);
    expect((await chatUpload(owner, chat.id, 100 * KB)).status).to.equal(201);
  });

  it('charges an account without a team alone, on the Starter quota', async () => {
    const floor = await floorRow(server.models, teams.teamA.id, teams.ownerA.user.id, {
      title: 'Shared',
      privacy: 'private',
    });
    const [one, two] = [await actor(server, 'solo1@x.example'), await actor(server, 'solo2@x.example')];
    for (const who of [one, two])
      await server.models.FloorParticipant.create({
        floorId: floor.id,
        userId: who.user.id,
        email: who.user.email,
        name: who.user.name,
        type: 'GUEST',
        invitedBy: teams.ownerA.user.id,
      } as never);
    const socket = await socketOf(server.url, one);
    sockets.push(socket);
    const chat = await ok(
      call<ChatConversationDto>(socket, 'chat:join', { scope: 'private', userId: two.user.id, floorId: floor.id }),
    );
    expect((await chatUpload(one, chat.id, 250 * KB)).status).to.equal(201);
    expect((await chatUpload(one, chat.id, 100 * KB)).json.error?.code).to.equal('STORAGE_QUOTA_EXCEEDED');
    expect((await usage(null, one.user.id)).usedBytes).to.equal(250 * KB);
    // the other person has their own
    expect((await chatUpload(two, chat.id, 250 * KB)).status).to.equal(201);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { io as connect } from 'socket.io-client';
import {
  chatUploadAnswerSchema,
  request,
  type Ack,
  type ChatConversationDto,
  type ChatMessageDto,
} from '@tsudoi/common';
import { startChildServer, type ChildServer } from '../testing/child-server';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { Actor } from '../features/companies/fixtures';
import { twoTeams } from '../features/floors/fixtures';
import { call, ok, refused, socketOf, type Client } from '../features/floors/live/live.testing';
import { png } from '../features/uploads/test-images';
import { eventually, listed, peakOf, streamUpload } from './support/multipart';

const MB = 1024 * 1024;

/**
 * Issue 13 item 5, from the attacker's side: uploads stream to disk. The
 * server runs as a child process so its own RSS (from /proc) is what is
 * measured, not this test's.
 */
describe('abuse: uploads stream to disk', function () {
  this.timeout(180_000);
  let server: ChildServer;
  let conversationId: number;
  let headers: Record<string, string>;
  let socket: Client | undefined;

  before(async () => {
    server = await startChildServer({ CHAT_UPLOAD_MAX_SIZE: '256MB' });
    const { models, tokens } = server;
    const owner = await models.User.create({
      name: 'Owner',
      email: 'owner@rss.example',
      passwordHash: null,
      verifiedAt: new Date(),
    } as never);
    const token = (await tokens.issue(owner)).accessToken;
    headers = { 'x-api-key': server.apiKey, Authorization: `Bearer ${token}`, 'Accept-Language': 'en' };
    const team = await fetch(`${server.url}/api/company`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'RSS team' }),
    });
    const teamId = ((await team.json()) as { data: { id: number } }).data.id;
    const mate = await models.User.create({
      name: 'Mate',
      email: 'mate@rss.example',
      passwordHash: null,
      verifiedAt: new Date(),
      employmentCompanyId: teamId,
      employeeRole: 'EMPLOYEE',
    } as never);
    socket = connect(server.url, {
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: false,
    }) as Client;
    await new Promise((resolve, reject) => {
      socket!.once('connect', () => resolve(undefined));
      socket!.once('connect_error', reject);
    });
    const joined = (await request(socket, 'chat:join', {
      scope: 'private',
      userId: mate.id,
    })) as Ack<ChatConversationDto>;
    if (!joined.ok) throw new Error(joined.error.message);
    conversationId = joined.data.id;
  });
  after(async () => {
    socket?.disconnect();
    await server?.close();
  });

  it('takes a 200 MB upload without growing the server process by anything near its size', async () => {
    const url = `${server.url}/api/uploads?conversationId=${conversationId}`;
    // warm-up: the upload path's modules and buffers are loaded before the baseline is read
    expect((await streamUpload(url, headers, 4 * MB, { name: 'warm.bin' })).status).to.equal(201);
    const baseline = server.rss();
    const sampler = peakOf(() => server.rss());
    const answer = await streamUpload(url, headers, 200 * MB);
    const peak = sampler.stop();
    expect(answer.status, JSON.stringify(answer.json)).to.equal(201);
    const stored = chatUploadAnswerSchema.parse(answer.json).data;
    expect(stored.size).to.equal(200 * MB);
    const growth = peak - baseline;
    process.stdout.write(
      `      server RSS: baseline ${(baseline / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB, ` +
        `growth ${(growth / MB).toFixed(1)} MB for a 200 MB upload\n`,
    );
    // the old in-memory receive grew it by about 400 MB (the chunks and their concatenation)
    expect(growth, 'RSS growth of the server process during a 200 MB upload').to.be.below(64 * MB);
    expect(fs.statSync(path.join(server.dataDir, 'chat-files', stored.id)).size).to.equal(200 * MB);
    expect(fs.readdirSync(path.join(server.dataDir, 'staging')), 'staged files left').to.deep.equal([]);
  });
});

describe('abuse: upload limits and who may read a file', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let a: Client;
  let conv: ChatConversationDto;
  const dir = (name: string) => path.join(server.config.dataDir, name);
  const headersOf = (who: Actor) => ({ 'x-api-key': server.apiKey, 'Accept-Language': 'en', ...who.headers });
  const uploadUrl = (conversationId: number) => `${server.url}/api/uploads?conversationId=${conversationId}`;
  const nothingStored = async () => ({
    staging: listed(dir('staging')),
    chat: listed(dir('chat-files')),
    images: listed(dir('uploads')),
    rows: await server.models.ChatUpload.count(),
  });

  before(async () => {
    server = await startTestServer({ CHAT_UPLOAD_MAX_SIZE: '1MB' });
    teams = await twoTeams(server);
    a = await socketOf(server.url, teams.ownerA);
    conv = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'private', userId: teams.memberA.user.id }));
  });
  after(async () => {
    a?.disconnect();
    await server?.close();
  });

  it('refuses a file over the per-file limit with FILE_TOO_LARGE, leaving no file, row or staged part', async () => {
    const before = await nothingStored();
    const over = await streamUpload(uploadUrl(conv.id), headersOf(teams.ownerA), 3 * MB);
    expect([over.status, over.json.error?.code, over.json.error?.message]).to.deep.equal([
      413,
      'FILE_TOO_LARGE',
      'The file is too large (at most 1 MB).',
    ]);
    expect(await nothingStored()).to.deep.equal(before);
    // exactly the limit is allowed
    const exact = await streamUpload(uploadUrl(conv.id), headersOf(teams.ownerA), MB);
    expect(exact.status, JSON.stringify(exact.json)).to.equal(201);
    // an avatar over its 3 MB streams to disk too and leaves nothing
    const avatar = await streamUpload(`${server.url}/api/users/me/avatar`, headersOf(teams.ownerA), 3 * MB + 1, {
      method: 'PUT',
      head: png(),
      name: 'me.png',
    });
    expect([avatar.status, avatar.json.error?.code]).to.deep.equal([413, 'FILE_TOO_LARGE']);
    expect(listed(dir('staging'))).to.deep.equal([]);
    expect(listed(dir('uploads'))).to.deep.equal(before.images);
  });

  it('removes the staged part of an upload whose sender goes away half-way', async () => {
    const before = await nothingStored();
    const gone = await streamUpload(uploadUrl(conv.id), headersOf(teams.ownerA), 900 * 1024, {
      abortAfter: 300 * 1024,
    });
    expect(gone.status).to.equal(0);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the server sees the connection go
    expect(await eventually(() => listed(dir('staging')).length === 0), 'staged part removed').to.equal(true);
    expect(await nothingStored()).to.deep.equal(before);
  });

  it('keeps another team out of a conversation before reading a byte of the body', async () => {
    const before = await nothingStored();
    const started = Date.now();
    const refused = await streamUpload(uploadUrl(conv.id), headersOf(teams.ownerB), 64 * MB);
    expect([refused.status, refused.json.error?.code]).to.deep.equal([404, 'CHAT_CONVERSATION_NOT_FOUND']);
    expect(Date.now() - started, 'answered before the 64 MB were sent').to.be.below(5000);
    expect(await nothingStored()).to.deep.equal(before);
  });

  it("never serves a file to another company's user, a teammate outside the conversation or nobody", async () => {
    const image = png(3, 3);
    const up = await streamUpload(uploadUrl(conv.id), headersOf(teams.ownerA), image.length, { head: image });
    const { id } = chatUploadAnswerSchema.parse(up.json).data;
    const sent = await ok(call<ChatMessageDto>(a, 'chat:sendMessage', { conversationId: conv.id, uploadId: id }));
    const download = (who: Actor | null, messageId: number) =>
      fetch(`${server.url}/api/messages/attachment?messageId=${messageId}`, {
        headers: who ? headersOf(who) : { 'x-api-key': server.apiKey },
      });
    expect((await download(teams.memberA, sent.id)).status).to.equal(200);
    for (const who of [teams.ownerB, teams.memberB, teams.adminA]) {
      const res = await download(who, sent.id);
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).to.deep.equal([
        404,
        'CHAT_MESSAGE_NOT_FOUND',
      ]);
    }
    expect((await download(null, sent.id)).status).to.equal(401);
    // an upload id is no handle on the bytes for anyone else either
    expect(
      await refused(
        call(await socketOf(server.url, teams.ownerB), 'chat:sendMessage', { conversationId: conv.id, uploadId: id }),
      ),
    ).to.include('CHAT_CONVERSATION_NOT_FOUND');
  });
});

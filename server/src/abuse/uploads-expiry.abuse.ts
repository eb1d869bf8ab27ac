import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import {
  chatUploadAnswerSchema,
  type ChatConversationDto,
  type ChatMessageDto,
  type ChatMessagesPage,
} from '@tsudoi/common';
import { ManualClock } from '../testing/clock';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { Actor } from '../features/companies/fixtures';
import { twoTeams } from '../features/floors/fixtures';
import { call, ok, socketOf, type Client } from '../features/floors/live/live.testing';
import { listed, streamUpload } from './support/multipart';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;

/**
 * Issue 13 item 5: chat attachments expire on a configurable policy
 * (CHAT_ATTACHMENT_TTL_DAYS, 30 here) and orphans are cleaned up. The
 * server's clock is a ManualClock the test moves; the sweep is run by hand.
 */
describe('abuse: attachment expiry and orphan clean-up', function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-03-01T09:00:00Z');
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let a: Client;
  let conv: ChatConversationDto;
  const dir = (name: string) => path.join(server.config.dataDir, name);
  const headersOf = (who: Actor) => ({ 'x-api-key': server.apiKey, 'Accept-Language': 'en', ...who.headers });
  const sweep = () => server.features.uploads.sweeper.sweep();
  /** A file on disk with its modification time on the server's clock, `agoMs` before now. */
  const stray = (folder: string, name: string, agoMs: number) => {
    fs.mkdirSync(dir(folder), { recursive: true });
    const file = path.join(dir(folder), name);
    fs.writeFileSync(file, 'stray');
    const at = new Date(clock.now().getTime() - agoMs);
    fs.utimesSync(file, at, at);
  };
  async function upload(size = 2048) {
    const url = `${server.url}/api/uploads?conversationId=${conv.id}`;
    const res = await streamUpload(url, headersOf(teams.ownerA), size, { name: 'report.pdf' });
    return chatUploadAnswerSchema.parse(res.json).data.id;
  }
  const send = (uploadId: string) =>
    ok(call<ChatMessageDto>(a, 'chat:sendMessage', { conversationId: conv.id, uploadId }));
  const download = (who: Actor, messageId: number) =>
    fetch(`${server.url}/api/messages/attachment?messageId=${messageId}`, { headers: headersOf(who) });

  before(async () => {
    server = await startTestServer({ CHAT_ATTACHMENT_TTL_DAYS: '30' }, { clock });
    teams = await twoTeams(server);
    a = await socketOf(server.url, teams.ownerA);
    conv = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'private', userId: teams.memberA.user.id }));
  });
  after(async () => {
    a?.disconnect();
    await server?.close();
  });

  it('expires a sent attachment after its retention: bytes removed, the message says so, space given back', async () => {
    const oldId = await upload(5000);
    const old = await send(oldId);
    clock.advance(20 * DAY);
    const youngId = await upload(3000);
    const young = await send(youngId);
    const team = { companyId: teams.teamA.id, userId: 0 };
    expect((await server.features.uploads.quota.status(team)).usedBytes).to.equal(8000);

    clock.advance(11 * DAY); // the first is 31 days old, the second 11
    const counts = await sweep();
    expect(counts.chatAttachmentsExpired).to.equal(1);
    expect(listed(dir('chat-files'))).to.deep.equal([youngId]);
    expect((await server.models.ChatUpload.findByPk(oldId))!.expiredAt?.toISOString()).to.equal(
      clock.now().toISOString(),
    );
    expect((await server.features.uploads.quota.status(team)).usedBytes).to.equal(3000);

    const page = await ok(call<ChatMessagesPage>(a, 'chat:getMessages', { conversationId: conv.id }));
    const shown = page.messages.find((m) => m.id === old.id)!;
    expect(shown.type).to.equal('file');
    expect(shown.content).to.deep.include({ name: 'report.pdf', size: 5000, expiredAt: clock.now().toISOString() });
    const gone = await download(teams.memberA, old.id);
    expect([gone.status, ((await gone.json()) as { error: { code: string } }).error.code]).to.deep.equal([
      410,
      'CHAT_ATTACHMENT_EXPIRED',
    ]);
    // an outsider learns nothing, not even that it expired
    expect((await download(teams.ownerB, old.id)).status).to.equal(404);
    expect((await download(teams.memberA, young.id)).status).to.equal(200);
    expect(Object.values(await sweep()).every((n) => n === 0)).to.equal(true);
  });

  it('drops uploads never sent after a day, and files and rows that lost their other half after an hour', async () => {
    const unsent = await upload();
    const sentLost = await send(await upload());
    const sentLostId = (await server.models.ChatMessage.findByPk(sentLost.id))!.uploadId!;
    const unsentLost = await upload();
    fs.rmSync(path.join(dir('chat-files'), sentLostId));
    fs.rmSync(path.join(dir('chat-files'), unsentLost));
    stray('chat-files', 'a'.repeat(32), 2 * HOUR); // no row: an orphan
    stray('chat-files', 'b'.repeat(32), 10 * 60_000); // no row yet, but young: maybe an upload under way
    stray('staging', `${'c'.repeat(32)}.part`, 2 * HOUR); // a crash's leftover
    stray('staging', `${'d'.repeat(32)}.part`, 60_000); // an upload streaming now
    stray('virtual-backgrounds', 'e'.repeat(32), 2 * HOUR);

    // within the hour nothing that may be under way is touched
    let counts = await sweep();
    expect(counts).to.deep.include({ chatFilesWithoutRow: 1, stagedLeftovers: 1, backgroundFilesWithoutRow: 1 });
    expect(counts).to.deep.include({ chatRowsWithoutFile: 0, chatUploadsUnsent: 0 });
    expect(listed(dir('chat-files'))).to.include.members(['b'.repeat(32), unsent]);
    expect(listed(dir('staging'))).to.deep.equal([`${'d'.repeat(32)}.part`]);

    clock.advance(2 * HOUR);
    counts = await sweep();
    expect(counts).to.deep.include({ chatRowsWithoutFile: 2, chatFilesWithoutRow: 1 });
    expect(await server.models.ChatUpload.findByPk(unsentLost)).to.equal(null);
    expect((await server.models.ChatUpload.findByPk(sentLostId))!.expiredAt).to.not.equal(null);
    expect((await download(teams.memberA, sentLost.id)).status).to.equal(410);
    expect(await server.models.ChatUpload.findByPk(unsent)).to.not.equal(null);

    clock.advance(DAY);
    expect((await sweep()).chatUploadsUnsent).to.equal(1);
    expect(await server.models.ChatUpload.findByPk(unsent)).to.equal(null);
    expect(listed(dir('chat-files'))).to.not.include(unsent);
  });
});

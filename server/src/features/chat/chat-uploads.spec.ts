import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import {
  chatUploadAnswerSchema,
  type ChatConversationDto,
  type ChatMessageDto,
  type FloorInitialData,
} from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { guestSession, socketWithToken } from '../floors/guests/guests.testing';
import { call, next, ok, refused, socketOf, type Client } from '../floors/live/live.testing';
import { png } from '../uploads/test-images';

describe(`chat uploads and attachments (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const stored = () => {
    const dir = path.join(server.config.dataDir, 'chat-files');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const headers = (who: Pick<Actor, 'headers'>) => ({
    'x-api-key': server.apiKey,
    'Accept-Language': 'en',
    ...who.headers,
  });
  async function upload(
    who: Pick<Actor, 'headers'>,
    conversationId: unknown,
    file: { bytes: Buffer; name: string; type?: string } | null,
  ) {
    const form = new FormData();
    if (file)
      form.append(
        'file',
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    const res = await fetch(`${server.url}/api/uploads?conversationId=${String(conversationId)}`, {
      method: 'POST',
      headers: headers(who),
      body: form,
    });
    return {
      status: res.status,
      json: (await res.json()) as { data?: unknown; error?: { code: string; message: string } },
    };
  }
  async function download(who: Pick<Actor, 'headers'>, messageId: unknown) {
    const res = await fetch(`${server.url}/api/messages/attachment`, {
      method: 'POST',
      headers: { ...headers(who), 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId }),
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  let conv: ChatConversationDto;
  let a: Client;
  let b: Client;

  before(async () => {
    server = await startTestServer({});
    teams = await twoTeams(server);
    a = await socketOf(server.url, teams.ownerA);
    b = await socketOf(server.url, teams.memberA);
    conv = await ok(call<ChatConversationDto>(a, 'chat:join', { scope: 'private', userId: teams.memberA.user.id }));
  });
  after(async () => {
    a?.disconnect();
    b?.disconnect();
    await server?.close();
  });

  it('uploads an image and a file, sends them once, and both sides download the same bytes as attachments', async () => {
    const image = png(3, 2);
    const up = await upload(teams.ownerA, conv.id, { bytes: image, name: 'photo.gif', type: 'image/gif' });
    expect(up.status).to.equal(201);
    const data = chatUploadAnswerSchema.parse(up.json).data;
    expect(data).to.deep.include({
      kind: 'image',
      mimeType: 'image/png',
      name: 'photo.gif',
      size: image.length,
      conversationId: conv.id,
    });
    const arriving = next(b, 'chat:messageCreated');
    const sent = await ok(call<ChatMessageDto>(a, 'chat:sendMessage', { conversationId: conv.id, uploadId: data.id }));
    expect(sent.type).to.equal('image');
    expect(sent.content).to.deep.include({ name: 'photo.gif', size: image.length, mimeType: 'image/png' });
    expect((await arriving).id).to.equal(sent.id);
    expect(await refused(call(a, 'chat:sendMessage', { conversationId: conv.id, uploadId: data.id }))).to.deep.include(
      'CHAT_UPLOAD_NOT_FOUND',
    );

    const got = await download(teams.memberA, sent.id);
    expect(got.status).to.equal(200);
    expect(got.bytes.equals(image)).to.equal(true);
    expect(got.headers.get('content-type')).to.equal('image/png');
    expect(got.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(got.headers.get('content-disposition')).to.equal(
      `attachment; filename="photo.gif"; filename*=UTF-8''photo.gif`,
    );

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const doc = chatUploadAnswerSchema.parse(
      (await upload(teams.memberA, conv.id, { bytes: html, name: '報告書.html', type: 'text/html' })).json,
    ).data;
    expect(doc).to.deep.include({ kind: 'file', mimeType: 'application/octet-stream', name: '報告書.html' });
    const fileMessage = await ok(
      call<ChatMessageDto>(b, 'chat:sendMessage', { conversationId: conv.id, uploadId: doc.id }),
    );
    const back = await download(teams.ownerA, fileMessage.id);
    expect(back.bytes.toString()).to.equal(html.toString());
    expect(back.headers.get('content-type')).to.equal('application/octet-stream');
    expect(back.headers.get('content-disposition')).to.contain("filename*=UTF-8''%E5%A0%B1%E5%91%8A%E6%9B%B8.html");

    // unsending removes the bytes; the download is gone
    const before = stored().length;
    await ok(call(b, 'chat:unsendMessage', { messageId: fileMessage.id }));
    expect(stored().length).to.equal(before - 1);
    expect((await download(teams.ownerA, fileMessage.id)).status).to.equal(404);
  });

  it('keeps outsiders out before reading the bytes, and refuses bad uploads without storing anything', async () => {
    const files = stored();
    const bytes = png();
    const cases: [Actor, unknown, { bytes: Buffer; name: string } | null, number, string][] = [
      [teams.ownerB, conv.id, { bytes, name: 'x.png' }, 404, 'CHAT_CONVERSATION_NOT_FOUND'],
      [teams.adminA, conv.id, { bytes, name: 'x.png' }, 404, 'CHAT_CONVERSATION_NOT_FOUND'],
      [teams.ownerA, 999_999, { bytes, name: 'x.png' }, 404, 'CHAT_CONVERSATION_NOT_FOUND'],
      [teams.ownerA, 'abc', { bytes, name: 'x.png' }, 400, 'VALIDATION_FAILED'],
      [teams.ownerA, conv.id, null, 400, 'VALIDATION_FAILED'],
      [teams.ownerA, conv.id, { bytes, name: `${'n'.repeat(101)}.png` }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [who, id, file, status, code] of cases) {
      const res = await upload(who, id, file);
      expect([res.status, res.json.error?.code], `${who.user.email} ${String(id)}`).to.deep.equal([status, code]);
    }
    const big = await upload(teams.ownerA, conv.id, { bytes: Buffer.alloc(25 * 1024 * 1024 + 1), name: 'big.bin' });
    expect([big.status, big.json.error?.code, big.json.error?.message]).to.deep.equal([
      413,
      'FILE_TOO_LARGE',
      'The file is too large (at most 25 MB).',
    ]);
    expect(stored()).to.deep.equal(files);
    // an upload is sent by its uploader, in its conversation only
    const mine = chatUploadAnswerSchema.parse(
      (await upload(teams.ownerA, conv.id, { bytes, name: 'x.png' })).json,
    ).data;
    expect(await refused(call(b, 'chat:sendMessage', { conversationId: conv.id, uploadId: mine.id }))).to.deep.include(
      'CHAT_UPLOAD_NOT_FOUND',
    );
    const other = await ok(
      call<ChatConversationDto>(a, 'chat:join', { scope: 'private', userId: teams.adminA.user.id }),
    );
    expect(await refused(call(a, 'chat:sendMessage', { conversationId: other.id, uploadId: mine.id }))).to.deep.include(
      'CHAT_UPLOAD_NOT_FOUND',
    );
  });

  it('serves an attachment only to members who can read its message', async () => {
    const image = png();
    const up = chatUploadAnswerSchema.parse(
      (await upload(teams.ownerA, conv.id, { bytes: image, name: 'p.png' })).json,
    ).data;
    const sent = await ok(call<ChatMessageDto>(a, 'chat:sendMessage', { conversationId: conv.id, uploadId: up.id }));
    for (const who of [teams.ownerB, teams.adminA, teams.memberB]) {
      const res = await download(who, sent.id);
      expect(res.status).to.equal(404);
      expect(JSON.parse(res.bytes.toString()).error.code).to.equal('CHAT_MESSAGE_NOT_FOUND');
    }
    expect((await download(teams.ownerA, 'x')).status).to.equal(400);
    const textOnly = await ok(
      call<ChatMessageDto>(a, 'chat:sendMessage', { conversationId: conv.id, content: 'no file' }),
    );
    expect((await download(teams.ownerA, textOnly.id)).status).to.equal(404);
    const anonymous = await fetch(`${server.url}/api/messages/attachment?messageId=${sent.id}`, {
      headers: { 'x-api-key': server.apiKey },
    });
    expect(anonymous.status).to.equal(401);
  });

  it('lets a guest share files with the host side of their floor, and nothing else', async () => {
    const floor = await floorCalls(() => server).floor(teams.ownerA, { type: 2 });
    const appId = (await server.models.Floor.findByPk(floor.id))!.inviteToken;
    const session = await guestSession(server, floor.id, appId, 'Visitor');
    const guest = { headers: { Authorization: `Bearer ${session.token}` } };
    const client = await socketWithToken(server, session.token);
    try {
      const me = (await ok(call<FloorInitialData>(client, 'floor:joinOffice', { floorId: floor.id }))).me;
      const theirs = await ok(
        call<ChatConversationDto>(client, 'chat:join', { scope: 'participant', participantId: me.participantId }),
      );
      const image = png(4, 4);
      const up = await upload(guest, theirs.id, { bytes: image, name: 'id.png' });
      expect(up.status).to.equal(201);
      const { id } = chatUploadAnswerSchema.parse(up.json).data;
      const sent = await ok(
        call<ChatMessageDto>(client, 'chat:sendMessage', { conversationId: theirs.id, uploadId: id }),
      );
      expect((await download(teams.ownerA, sent.id)).bytes.equals(image)).to.equal(true);
      expect((await download(guest, sent.id)).status).to.equal(200);
      // the team's private conversation is not theirs, whatever they send
      expect((await upload(guest, conv.id, { bytes: image, name: 'x.png' })).json.error?.code).to.equal(
        'CHAT_CONVERSATION_NOT_FOUND',
      );
      const forged = { headers: { Authorization: `Bearer ${session.token.slice(0, -2)}xx` } };
      expect((await upload(forged, theirs.id, { bytes: image, name: 'x.png' })).status).to.equal(401);
    } finally {
      client.disconnect();
    }
  });
});

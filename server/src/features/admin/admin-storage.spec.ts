import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { adminAuditRowSchema, pagedSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import type { CallOptions } from '../../testing/http';
import { actor, api, as, platformAdmin, registerTeam, type Actor } from '../companies/fixtures';
import { floorBody } from '../floors/fixtures';

const PASSWORD = 'root-pass-123';

describe(`admin storage: download and delete one stored file (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let root: Actor;
  let owner: Actor;
  let teamId: number;
  const ids: Record<'chat' | 'sentChat' | 'backgrounds' | 'recordings', string> = {
    chat: '',
    sentChat: '',
    backgrounds: '',
    recordings: '',
  };
  const bytes: Record<string, Buffer> = {};

  const call = (who: Actor | null, p: string, options: CallOptions = {}) =>
    api(server, `/api${p}`, who ? as(who, { lang: 'en', ...options }) : { lang: 'en', ...options });
  const download = (who: Actor | null, p: string) =>
    fetch(`${server.url}/api${p}`, { headers: { 'x-api-key': server.apiKey, ...(who?.headers ?? {}) } });
  const used = async () =>
    (await server.features.uploads.quota.status({ companyId: teamId, userId: owner.user.id })).usedBytes;
  const write = (file: string | null, data: Buffer) => {
    fs.mkdirSync(path.dirname(file!), { recursive: true });
    fs.writeFileSync(file!, data);
  };

  before(async () => {
    server = await startTestServer();
    root = await platformAdmin(server, PASSWORD);
    owner = await actor(server, 'owner@example.jp');
    teamId = (await registerTeam(server, owner, 'Team A')).id;
    const m = server.models;
    const pair = await m.ChatConversation.create({
      key: `private:${owner.user.id}:0`,
      kind: 1,
      scope: 'private',
      floorId: null,
      typeId: null,
    });
    // a chat attachment not yet sent, and one sent in a message
    for (const [key, id, messageId, name] of [
      ['chat', 'a'.repeat(32), null, '議事録 2026.pdf'],
      ['sentChat', 'b'.repeat(32), 7, 'sent.pdf'],
    ] as const) {
      bytes[key] = Buffer.from(`%PDF-1.4 ${key} ${'x'.repeat(1000)}`);
      await m.ChatUpload.create({
        id,
        conversationId: pair.id,
        userId: owner.user.id,
        companyId: teamId,
        kind: 'file',
        name,
        size: bytes[key].length,
        mimeType: 'application/pdf',
        messageId,
      });
      write(server.features.chat.files.locate(id), bytes[key]);
      ids[key] = id;
    }
    bytes.backgrounds = Buffer.from(`\x89PNG ${'y'.repeat(2000)}`);
    const background = await m.VirtualBackground.create({
      userId: owner.user.id,
      floorId: null,
      participantId: null,
      companyId: teamId,
      file: 'c'.repeat(32),
      mimeType: 'image/png',
      size: bytes.backgrounds.length,
    });
    write(server.features.virtualBackgrounds.files.locate(background.file), bytes.backgrounds);
    ids.backgrounds = String(background.id);
    bytes.recordings = Buffer.from(`webm ${'z'.repeat(3000)}`);
    const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'admin-storage-')), 'in.webm');
    fs.writeFileSync(tmp, bytes.recordings);
    const floor = await call(owner, '/floors', { body: floorBody({ title: 'Floor' }) });
    expect(floor.status, floor.text).to.equal(201);
    const floorId = (floor.json.data as { id: number }).id;
    const room = (await m.FloorRoom.findOne({ where: { floorId } }))!;
    const recording = await m.Recording.create({
      companyId: teamId,
      floorId,
      roomId: room.id,
      roomName: 'tableA',
      floorName: 'Floor',
      startedBy: owner.user.id,
      startedAt: new Date(Date.now() - 60_000),
      endedAt: new Date(),
      status: 'ready',
      segments: '[]',
    });
    const key = `${teamId}/${recording.id}-admin.webm`;
    const size = await server.features.recordings.storage.put(key, tmp);
    await recording.update({ storageKey: key, size });
    ids.recordings = String(recording.id);
  });
  after(() => server?.close());

  const paths = () => [
    ['GET', `/admin/storage/chat/${ids.chat}/download`],
    ['DELETE', `/admin/storage/chat/${ids.chat}`],
    ['GET', `/admin/storage/backgrounds/${ids.backgrounds}/download`],
    ['DELETE', `/admin/storage/backgrounds/${ids.backgrounds}`],
    ['GET', `/admin/storage/recordings/${ids.recordings}/download`],
    ['DELETE', `/admin/storage/recordings/${ids.recordings}`],
  ];

  it("refuses a user's token (a team OWNER) and no token: 401 with the message, nothing removed, nothing audited", async () => {
    const before = { used: await used(), audit: await server.models.AdminAudit.count() };
    for (const [method, p] of paths()) {
      for (const who of [owner, null]) {
        const res = await call(who, p!, { method, lang: 'ja' });
        expect(res.status, `${method} ${p}`).to.equal(401);
        expect(res.json.error).to.deep.equal({
          code: 'UNAUTHORIZED',
          message: 'ログインしていないか、権限がありません。',
        });
      }
    }
    expect(await used()).to.equal(before.used);
    expect(await server.models.AdminAudit.count()).to.equal(before.audit);
    expect(fs.existsSync(server.features.chat.files.locate(ids.chat)!)).to.equal(true);
  });

  it('a missing id, a malformed id or an unknown source is 404 and nothing is audited', async () => {
    const audits = await server.models.AdminAudit.count();
    for (const p of [
      `/admin/storage/chat/${'f'.repeat(32)}`,
      '/admin/storage/chat/..%2F..%2Fetc',
      '/admin/storage/backgrounds/999999',
      '/admin/storage/backgrounds/abc',
      '/admin/storage/recordings/999999',
      `/admin/storage/nope/${ids.chat}`,
    ]) {
      const del = await call(root, p, { method: 'DELETE' });
      expect(del.status, p).to.equal(404);
      expect(del.json.error?.code).to.equal('NOT_FOUND');
      expect((await download(root, `${p}/download`)).status, `${p}/download`).to.equal(404);
    }
    expect(await server.models.AdminAudit.count()).to.equal(audits);
  });

  it('downloads one file of each kind, streamed with its name, type and size; each download is audited', async () => {
    for (const [source, key, type, name] of [
      ['chat', 'chat', 'application/pdf', '議事録 2026.pdf'],
      ['backgrounds', 'backgrounds', 'image/png', `background-${ids.backgrounds}.png`],
      ['recordings', 'recordings', 'video/webm', `recording-${ids.recordings}.webm`],
    ] as const) {
      const res = await download(root, `/admin/storage/${source}/${ids[key]}/download`);
      expect(res.status, source).to.equal(200);
      expect(res.headers.get('content-type')).to.contain(type);
      expect(res.headers.get('content-length')).to.equal(String(bytes[key]!.length));
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).to.match(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).to.equal(name);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes[key]!)).to.equal(true);
    }
    const audit = pagedSchema(adminAuditRowSchema).parse((await call(root, '/admin/audit?q=storage.download')).json);
    expect(audit.data.map((a) => a.targetType).sort()).to.deep.equal([
      'storage.backgrounds',
      'storage.chat',
      'storage.recordings',
    ]);
    expect(audit.data.every((a) => a.adminEmail === 'root@platform.example')).to.equal(true);
  });

  it("lists a recording under its room's name: a room key in the reader's language, a host's name as it is", async () => {
    const name = async (lang: string) => {
      const res = await call(root, '/admin/storage/recordings', { lang });
      return (res.json.data as { id: string; name: string }[]).find((r) => r.id === ids.recordings)?.name;
    };
    expect(await name('en')).to.match(/^Floor \/ Table A \(/);
    expect(await name('ja')).to.match(/^Floor \/ テーブルA \(/);
    const row = (await server.models.Recording.findByPk(Number(ids.recordings)))!;
    await row.update({ roomName: 'Sales room' });
    try {
      expect(await name('en')).to.match(/^Floor \/ Sales room \(/);
      expect(await name('ja')).to.match(/^Floor \/ Sales room \(/);
    } finally {
      await row.update({ roomName: 'tableA' });
    }
  });

  it('deletes one file of each kind: bytes and row gone, the quota gets them back, the audit row exists', async () => {
    const m = server.models;
    const chatFile = server.features.chat.files.locate(ids.chat)!;
    const sentFile = server.features.chat.files.locate(ids.sentChat)!;
    const backgroundFile = server.features.virtualBackgrounds.files.locate('c'.repeat(32))!;
    const recordingKey = (await m.Recording.findByPk(Number(ids.recordings)))!.storageKey!;
    const start = await used();
    expect(start).to.equal(
      bytes.chat!.length + bytes.sentChat!.length + bytes.backgrounds!.length + bytes.recordings!.length,
    );

    const chat = await call(root, `/admin/storage/chat/${ids.chat}`, { method: 'DELETE', lang: 'ja' });
    expect(chat.status, chat.text).to.equal(200);
    expect(chat.json.message).to.equal('ファイルを削除しました。');
    expect(fs.existsSync(chatFile)).to.equal(false);
    expect(await m.ChatUpload.findByPk(ids.chat)).to.equal(null);
    // a sent attachment: bytes gone, its row kept marked expired so its message says the file is gone
    expect((await call(root, `/admin/storage/chat/${ids.sentChat}`, { method: 'DELETE' })).status).to.equal(200);
    expect(fs.existsSync(sentFile)).to.equal(false);
    expect((await m.ChatUpload.findByPk(ids.sentChat))!.expiredAt).to.be.instanceOf(Date);
    expect(await used()).to.equal(start - bytes.chat!.length - bytes.sentChat!.length);

    const bg = await call(root, `/admin/storage/backgrounds/${ids.backgrounds}`, { method: 'DELETE' });
    expect(bg.status, bg.text).to.equal(200);
    expect(bg.json.message).to.equal('The file was deleted.');
    expect(fs.existsSync(backgroundFile)).to.equal(false);
    expect(await m.VirtualBackground.findByPk(Number(ids.backgrounds))).to.equal(null);

    const rec = await call(root, `/admin/storage/recordings/${ids.recordings}`, { method: 'DELETE' });
    expect(rec.status, rec.text).to.equal(200);
    expect(await server.features.recordings.storage.size(recordingKey)).to.equal(null);
    expect(await m.Recording.findByPk(Number(ids.recordings))).to.equal(null);
    expect(await used()).to.equal(0);

    // a second delete finds nothing; the storage list no longer shows them
    expect((await call(root, `/admin/storage/backgrounds/${ids.backgrounds}`, { method: 'DELETE' })).status).to.equal(
      404,
    );
    expect((await call(root, '/admin/storage/chat')).json.total).to.equal(0);
    expect((await call(root, '/admin/storage/recordings')).json.total).to.equal(0);

    const audit = pagedSchema(adminAuditRowSchema).parse((await call(root, '/admin/audit?q=storage.delete')).json);
    expect(audit.data).to.have.length(4);
    const bgAudit = audit.data.find((a) => a.targetType === 'storage.backgrounds')!;
    expect(bgAudit).to.include({ action: 'storage.delete', targetId: Number(ids.backgrounds) });
    expect(bgAudit.before).to.include({ source: 'backgrounds', size: bytes.backgrounds!.length, companyId: teamId });
    const chatAudit = audit.data.find((a) => (a.before as { id: string }).id === ids.chat)!;
    expect(chatAudit.before).to.include({ name: '議事録 2026.pdf', source: 'chat' });
  });
});

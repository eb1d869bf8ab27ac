import { expect } from 'chai';
import {
  companyFileSchema,
  companyFolderSchema,
  companyUploadListSchema,
  mutationSchema,
  type ChatConversationDto,
} from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { actor, type Actor } from '../companies/fixtures';
import { errorOf, twoTeams } from '../floors/fixtures';
import { call, ok, socketOf, type Client } from '../floors/live/live.testing';
import { shareCalls } from './company-uploads.testing';

const text = (s: string) => Buffer.from(s, 'utf8');

describe(`company file share (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let memberA2: Actor;
  const calls = shareCalls(() => server);

  before(async () => {
    server = await startTestServer({});
    teams = await twoTeams(server);
    memberA2 = await actor(server, 'member2@a.example', {
      employmentCompanyId: teams.teamA.id,
      employeeRole: 'EMPLOYEE',
      name: '佐藤 花子',
    });
  });
  after(async () => server?.close());

  it('creates folders, uploads into one, lists owner and dates, downloads the same bytes, renames, moves and deletes', async () => {
    const made = await calls.createFolder(teams.memberA, { name: '  資料  ' });
    expect(made.status, made.text).to.equal(201);
    const docs = mutationSchema(companyFolderSchema).parse(made.json);
    expect(docs.message).to.equal('Created the folder "資料".');
    expect(docs.data).to.deep.include({ name: '資料', parentId: null, canEdit: true });
    expect(docs.data.owner).to.deep.equal({ id: teams.memberA.user.id, name: 'member' });
    const sub = companyFolderSchema.parse(
      (await calls.createFolder(teams.memberA, { name: '2026', parentId: docs.data.id })).json.data,
    );

    const bytes = text('売上報告 Q3\n'.repeat(50));
    const up = await calls.upload(teams.memberA, { bytes, name: '売上報告.txt' }, sub.id);
    expect(up.status, JSON.stringify(up.json)).to.equal(201);
    const file = mutationSchema(companyFileSchema).parse(up.json);
    expect(file.message).to.equal('Uploaded "売上報告.txt".');
    expect(file.data).to.deep.include({ name: '売上報告.txt', folderId: sub.id, size: bytes.length });
    expect(file.data.url).to.equal(`/api/company-uploads/${file.data.id}/download`);

    // a teammate sees it with its owner and dates, and the path from the top
    const listed = companyUploadListSchema.parse((await calls.list(memberA2, sub.id)).json.data);
    expect(listed.path).to.deep.equal([
      { id: docs.data.id, name: '資料' },
      { id: sub.id, name: '2026' },
    ]);
    expect(listed.files).to.have.length(1);
    expect(listed.files[0]).to.deep.include({ name: '売上報告.txt', canEdit: false });
    expect(listed.files[0]!.owner).to.deep.equal({ id: teams.memberA.user.id, name: 'member' });
    expect(Date.parse(listed.files[0]!.updatedAt)).to.be.greaterThan(0);
    expect(listed.storage.usedBytes).to.equal(bytes.length);
    const top = companyUploadListSchema.parse((await calls.list(memberA2)).json.data);
    expect(top.folders.map((f) => f.name)).to.deep.equal(['資料']);
    expect(top.allFolders).to.have.length(2);

    const got = await calls.download(memberA2, file.data.id);
    expect(got.status).to.equal(200);
    expect(got.bytes.equals(bytes)).to.equal(true);
    expect(got.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(got.headers.get('content-disposition')).to.equal(
      `attachment; filename="____.txt"; filename*=UTF-8''${encodeURIComponent('売上報告.txt')}`,
    );

    const renamed = await calls.updateFile(teams.memberA, file.data.id, { name: '売上報告 final.txt', folderId: null });
    expect(renamed.status, renamed.text).to.equal(200);
    expect(renamed.json.message).to.equal('Moved and renamed to "売上報告 final.txt".'); // out of its folder too
    expect(companyFileSchema.parse(renamed.json.data)).to.deep.include({ name: '売上報告 final.txt', folderId: null });
    expect(companyFileSchema.parse((await calls.detail(memberA2, file.data.id)).json.data).name).to.equal(
      '売上報告 final.txt',
    );

    // a folder moves to the top and back, and is renamed
    const moved = await calls.updateFolder(teams.memberA, sub.id, { parentId: null, name: 'アーカイブ' });
    expect(companyFolderSchema.parse(moved.json.data)).to.deep.include({ parentId: null, name: 'アーカイブ' });
    expect(moved.json.message).to.equal('Moved the folder and renamed it to "アーカイブ".');
    const back = await calls.updateFolder(teams.memberA, sub.id, { parentId: docs.data.id });
    expect([back.status, back.json.message]).to.deep.equal([200, 'Moved the folder "アーカイブ".']);
    const named = await calls.updateFolder(teams.memberA, sub.id, { name: '保管', parentId: docs.data.id });
    expect(named.json.message).to.equal('Renamed the folder to "保管".');

    // deleting the file removes its bytes; deleting a folder removes what is inside it
    const before = await calls.state();
    expect(before.files).to.have.length(1);
    expect((await calls.removeFile(teams.memberA, file.data.id)).json.message).to.equal(
      'Deleted "売上報告 final.txt".',
    );
    expect((await calls.state()).files).to.deep.equal([]);
    expect(errorOf(await calls.download(teams.memberA, file.data.id))).to.deep.equal([404, 'COMPANY_FILE_NOT_FOUND']);

    const inner = await calls.upload(teams.memberA, { bytes: text('x'), name: 'a.txt' }, sub.id);
    expect(inner.status).to.equal(201);
    expect((await calls.state()).files).to.have.length(1);
    const gone = await calls.removeFolder(teams.memberA, docs.data.id);
    expect(gone.json.message).to.equal('Deleted the folder "資料" and everything in it.');
    const after = await calls.state();
    expect(after).to.deep.equal({ files: [], fileRows: [], folderRows: [] });
  });

  it('keeps another team out: company B cannot list, read, download, upload into, rename, move or delete A’s things', async () => {
    const folder = companyFolderSchema.parse((await calls.createFolder(teams.ownerA, { name: 'A only' })).json.data);
    const up = await calls.upload(teams.ownerA, { bytes: text('secret'), name: 'plan.txt' }, folder.id);
    const fileId = up.json.data!.id;
    const mine = companyFolderSchema.parse((await calls.createFolder(teams.memberB, { name: 'B' })).json.data);
    const before = await calls.state();

    for (const who of [teams.memberB, teams.ownerB]) {
      expect(errorOf(await calls.list(who, folder.id))).to.deep.equal([404, 'COMPANY_FOLDER_NOT_FOUND']);
      expect(errorOf(await calls.detail(who, fileId))).to.deep.equal([404, 'COMPANY_FILE_NOT_FOUND']);
      expect(errorOf(await calls.download(who, fileId))).to.deep.equal([404, 'COMPANY_FILE_NOT_FOUND']);
      expect(errorOf(await calls.updateFile(who, fileId, { name: 'mine.txt' }))).to.deep.equal([
        404,
        'COMPANY_FILE_NOT_FOUND',
      ]);
      // moving B's folder under A's, or A's file into B's folder
      expect(errorOf(await calls.updateFolder(teams.memberB, mine.id, { parentId: folder.id }))).to.deep.equal([
        404,
        'COMPANY_FOLDER_NOT_FOUND',
      ]);
      expect(errorOf(await calls.updateFile(teams.ownerA, fileId, { folderId: mine.id }))).to.deep.equal([
        404,
        'COMPANY_FOLDER_NOT_FOUND',
      ]);
      expect(errorOf(await calls.removeFile(who, fileId))).to.deep.equal([404, 'COMPANY_FILE_NOT_FOUND']);
      expect(errorOf(await calls.updateFolder(who, folder.id, { name: 'x' }))).to.deep.equal([
        404,
        'COMPANY_FOLDER_NOT_FOUND',
      ]);
      expect(errorOf(await calls.removeFolder(who, folder.id))).to.deep.equal([404, 'COMPANY_FOLDER_NOT_FOUND']);
      expect(errorOf(await calls.createFolder(who, { name: 'in A', parentId: folder.id }))).to.deep.equal([
        404,
        'COMPANY_FOLDER_NOT_FOUND',
      ]);
      expect(errorOf(await calls.upload(who, { bytes: text('x'), name: 'x.txt' }, folder.id))).to.deep.equal([
        404,
        'COMPANY_FOLDER_NOT_FOUND',
      ]);
      // B's own listing shows none of A's things
      const top = companyUploadListSchema.parse((await calls.list(who)).json.data);
      expect(top.allFolders.map((f) => f.name)).to.deep.equal(['B']);
      expect(top.files).to.deep.equal([]);
    }
    // an account without a team has no share at all
    const loner = await actor(server, 'loner@example.com');
    expect(errorOf(await calls.list(loner))).to.deep.equal([404, 'TEAM_NOT_FOUND']);
    expect(errorOf(await calls.upload(loner, { bytes: text('x'), name: 'x.txt' }))).to.deep.equal([
      404,
      'TEAM_NOT_FOUND',
    ]);
    expect(await calls.state()).to.deep.equal(before);
    await calls.removeFolder(teams.ownerA, folder.id);
    await calls.removeFolder(teams.memberB, mine.id);
  });

  it('lets only the creator or an OWNER/ADMIN rename, move and delete', async () => {
    const folder = companyFolderSchema.parse((await calls.createFolder(teams.memberA, { name: 'Team' })).json.data);
    const fileId = (await calls.upload(teams.memberA, { bytes: text('hello'), name: 'a.txt' }, folder.id)).json.data!
      .id;
    const before = await calls.state();
    for (const res of [
      await calls.updateFile(memberA2, fileId, { name: 'b.txt' }),
      await calls.updateFile(memberA2, fileId, { folderId: null }),
      await calls.removeFile(memberA2, fileId),
      await calls.updateFolder(memberA2, folder.id, { name: 'Mine' }),
      await calls.removeFolder(memberA2, folder.id),
    ]) {
      expect(errorOf(res)).to.deep.equal([403, 'COMPANY_UPLOAD_NOT_YOURS']);
    }
    expect(await calls.state()).to.deep.equal(before);
    // but the teammate may add into it
    expect((await calls.upload(memberA2, { bytes: text('mine'), name: 'b.txt' }, folder.id)).status).to.equal(201);
    // the team's ADMIN may change anything
    expect((await calls.updateFile(teams.adminA, fileId, { name: 'c.txt' })).status).to.equal(200);
    expect((await calls.removeFolder(teams.adminA, folder.id)).status).to.equal(200);
    expect(await calls.state()).to.deep.equal({ files: [], fileRows: [], folderRows: [] });
  });

  it('refuses every bad name, an empty change, a move into itself, too deep a folder and a missing file, changing nothing', async () => {
    const root = companyFolderSchema.parse((await calls.createFolder(teams.ownerA, { name: 'root' })).json.data);
    const child = companyFolderSchema.parse(
      (await calls.createFolder(teams.ownerA, { name: 'child', parentId: root.id })).json.data,
    );
    const fileId = (await calls.upload(teams.ownerA, { bytes: text('x'), name: 'x.txt' }, root.id)).json.data!.id;
    const before = await calls.state();
    const fields = (res: { json: { error?: { code: string; fields?: Record<string, string> } } }) => [
      res.json.error?.code,
      res.json.error?.fields,
    ];
    const long = 'あ'.repeat(101);
    expect(fields(await calls.createFolder(teams.ownerA, { name: '   ' }))).to.deep.equal([
      'VALIDATION_FAILED',
      { name: 'Name is required' },
    ]);
    expect(fields(await calls.createFolder(teams.ownerA, {}))).to.deep.equal([
      'VALIDATION_FAILED',
      { name: 'Name is required' },
    ]);
    expect(fields(await calls.createFolder(teams.ownerA, { name: long }))).to.deep.equal([
      'VALIDATION_FAILED',
      { name: 'Use at most 100 characters' },
    ]);
    expect(fields(await calls.createFolder(teams.ownerA, { name: long }, 'ja'))).to.deep.equal([
      'VALIDATION_FAILED',
      { name: '100 文字以内で入力してください' },
    ]);
    expect(fields(await calls.createFolder(teams.ownerA, { name: 'a\u202Eb' }))[1])
      .to.have.property('name')
      .that.match(/invisible/);
    expect(fields(await calls.updateFolder(teams.ownerA, root.id, {}))).to.deep.equal([
      'VALIDATION_FAILED',
      { name: 'Give a new name or a new place' },
    ]);
    expect(fields(await calls.updateFile(teams.ownerA, fileId, { name: long }))).to.deep.equal([
      'VALIDATION_FAILED',
      { name: 'Use at most 100 characters' },
    ]);
    expect(fields(await calls.updateFile(teams.ownerA, fileId, {}, 'ja'))).to.deep.equal([
      'VALIDATION_FAILED',
      { name: '名前か移動先を指定してください' },
    ]);
    const longFile = await calls.upload(teams.ownerA, { bytes: text('x'), name: `${'a'.repeat(97)}.txt` });
    expect(fields(longFile)).to.deep.equal(['VALIDATION_FAILED', { file: 'Use at most 100 characters' }]);
    expect(fields(await calls.upload(teams.ownerA, null))).to.deep.equal([
      'VALIDATION_FAILED',
      { file: 'file is required' },
    ]);
    expect(errorOf(await calls.upload(teams.ownerA, { bytes: text('x'), name: 'x' }, 'nope'))).to.deep.equal([
      400,
      'VALIDATION_FAILED',
    ]);
    const into = await calls.updateFolder(teams.ownerA, root.id, { parentId: child.id });
    expect(errorOf(into)).to.deep.equal([409, 'COMPANY_FOLDER_MOVE_INVALID']);
    expect(into.json.error?.message).to.equal('A folder cannot be moved into itself or into a folder inside it.');
    expect(errorOf(await calls.updateFolder(teams.ownerA, root.id, { parentId: root.id }))).to.deep.equal([
      409,
      'COMPANY_FOLDER_MOVE_INVALID',
    ]);
    expect(errorOf(await calls.updateFile(teams.ownerA, 999_999, { name: 'x' }))).to.deep.equal([
      404,
      'COMPANY_FILE_NOT_FOUND',
    ]);
    expect(errorOf(await calls.removeFolder(teams.ownerA, 999_999))).to.deep.equal([404, 'COMPANY_FOLDER_NOT_FOUND']);
    expect(await calls.state()).to.deep.equal(before);

    // ten levels at most: the eleventh is refused, and so is moving a two-level folder under the ninth
    let parentId = child.id;
    for (let level = 3; level <= 10; level += 1)
      parentId = companyFolderSchema.parse(
        (await calls.createFolder(teams.ownerA, { name: `L${level}`, parentId })).json.data,
      ).id;
    const deep = await calls.createFolder(teams.ownerA, { name: 'L11', parentId }, 'ja');
    expect(errorOf(deep)).to.deep.equal([409, 'COMPANY_FOLDER_TOO_DEEP']);
    expect(deep.json.error?.message).to.equal('フォルダは 10 階層までです。');
    const nine = (await server.models.CompanyFolder.findOne({ where: { name: 'L9' } }))!;
    const pair = companyFolderSchema.parse((await calls.createFolder(teams.ownerA, { name: 'P' })).json.data);
    await calls.createFolder(teams.ownerA, { name: 'Q', parentId: pair.id });
    expect(errorOf(await calls.updateFolder(teams.ownerA, pair.id, { parentId: nine.id }))).to.deep.equal([
      409,
      'COMPANY_FOLDER_TOO_DEEP',
    ]);
    await calls.removeFolder(teams.ownerA, root.id);
    await calls.removeFolder(teams.ownerA, pair.id);
  });
});

describe(`company file share and the storage quota (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let a: Client;
  const calls = shareCalls(() => server);
  const chatUpload = async (who: Actor, conversationId: number, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'note.txt');
    const res = await fetch(`${server.url}/api/uploads?conversationId=${conversationId}`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'Accept-Language': 'en', ...who.headers },
      body: form,
    });
    return { status: res.status, json: (await res.json()) as { error?: { code: string; message: string } } };
  };

  before(async () => {
    server = await startTestServer({ STORAGE_QUOTA_STARTER: '2KB' });
    teams = await twoTeams(server);
    a = await socketOf(server.url, teams.ownerA);
  });
  after(async () => {
    a?.disconnect();
    await server?.close();
  });

  it('charges the share to the team quota it shares with chat uploads, refuses what does not fit and stores nothing', async () => {
    const conv = await ok(
      call<ChatConversationDto>(a, 'chat:join', { scope: 'private', userId: teams.memberA.user.id }),
    );
    expect((await chatUpload(teams.ownerA, conv.id, Buffer.alloc(600, 1))).status).to.equal(201);
    const first = await calls.upload(teams.memberA, { bytes: Buffer.alloc(1000, 2), name: 'a.bin' });
    expect(first.status, JSON.stringify(first.json)).to.equal(201);
    const list = companyUploadListSchema.parse((await calls.list(teams.memberA)).json.data);
    expect(list.storage).to.deep.equal({ usedBytes: 1600, quotaBytes: 2048 });

    const before = await calls.state();
    const refused = await calls.upload(teams.memberA, { bytes: Buffer.alloc(600, 3), name: 'b.bin' });
    expect(errorOf(refused)).to.deep.equal([413, 'STORAGE_QUOTA_EXCEEDED']);
    expect(refused.json.error?.message).to.contain('2 KB');
    expect(await calls.state()).to.deep.equal(before);
    // the chat feels the share's bytes too
    expect((await chatUpload(teams.ownerA, conv.id, Buffer.alloc(600, 4))).json.error?.code).to.equal(
      'STORAGE_QUOTA_EXCEEDED',
    );
    // another team's quota is its own
    expect((await calls.upload(teams.memberB, { bytes: Buffer.alloc(1500, 5), name: 'c.bin' })).status).to.equal(201);
    // the platform admin's storage page counts the share per company and deletes through the share
    const source = server.features.admin.fileSources.get('companyFiles')!;
    const usage = await source.usage();
    expect(usage.get(teams.teamA.id)).to.equal(1000);
    expect(usage.get(teams.teamB.id)).to.equal(1500);
    const listed = await source.list({ companyId: teams.teamB.id, limit: 10, offset: 0 });
    expect(listed.rows.map((r) => r.name)).to.deep.equal(['c.bin']);
    expect((await source.remove(listed.rows[0]!.id))?.size).to.equal(1500);
    expect((await calls.state()).fileRows.map((r) => r.name)).to.deep.equal(['a.bin']);
    // deleting frees the room again
    await calls.removeFile(teams.memberA, first.json.data!.id);
    expect((await calls.upload(teams.memberA, { bytes: Buffer.alloc(600, 3), name: 'b.bin' })).status).to.equal(201);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import {
  mutationSchema,
  pagedSchema,
  VIRTUAL_BACKGROUND_MAX_BYTES,
  VIRTUAL_BACKGROUND_MAX_COUNT,
  virtualBackgroundSchema,
} from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { actor } from '../companies/fixtures';
import { errorOf, twoTeams } from '../floors/fixtures';
import { gif, jpeg, png } from '../uploads/test-images';
import { backgroundCalls, notBackgrounds } from './virtual-backgrounds.testing';

describe(`virtual backgrounds of signed-in users (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = backgroundCalls(() => server);
  const asPng = (bytes: Buffer) => ({ bytes, name: 'beach.png', type: 'image/png' });

  before(async () => {
    server = await startTestServer({});
    teams = await twoTeams(server);
  });
  after(async () => server?.close());

  it('uploads JPG and PNG, lists them newest first, downloads the same bytes, and deletes one with its file', async () => {
    const picture = png(4, 3, [10, 120, 200]);
    const up = await calls.upload(teams.ownerA, asPng(picture));
    expect(up.status, JSON.stringify(up.json)).to.equal(201);
    const first = mutationSchema(virtualBackgroundSchema).parse(up.json);
    expect(first.message).to.equal('Background image uploaded.');
    expect(first.data).to.deep.include({ mimeType: 'image/png', size: picture.length });
    expect(first.data.url).to.equal(`/api/virtual-backgrounds/download/${first.data.id}`);
    // the declared name and type count for nothing: a JPEG sent as "x.png" is a JPEG
    const second = await calls.upload(teams.ownerA, { bytes: jpeg(), name: 'x.png', type: 'image/png' });
    expect(second.status).to.equal(201);
    const photo = virtualBackgroundSchema.parse(second.json.data);
    expect(photo.mimeType).to.equal('image/jpeg');

    const listed = pagedSchema(virtualBackgroundSchema).parse((await calls.list(teams.ownerA)).json);
    expect(listed.data.map((b) => b.id)).to.deep.equal([photo.id, first.data.id]);
    expect(listed).to.deep.include({ count: 2, total: 2, page: 1, pageCount: 1 });
    expect((await calls.list(teams.memberA)).json.data).to.deep.equal([]);

    const got = await calls.download(teams.ownerA, first.data.id);
    expect(got.status).to.equal(200);
    expect(got.bytes.equals(picture)).to.equal(true);
    expect(got.headers.get('content-type')).to.equal('image/png');
    expect(got.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(got.headers.get('cache-control')).to.contain('private');
    expect(got.headers.get('content-disposition')).to.match(/^attachment;/);
    expect((await calls.download(teams.ownerA, photo.id)).bytes.equals(jpeg())).to.equal(true);

    expect((await calls.state()).files).to.have.length(2);
    const removed = await calls.remove(teams.ownerA, first.data.id);
    expect(removed.status).to.equal(200);
    expect(removed.json).to.deep.include({ message: 'Background image deleted.' });
    const after = await calls.state();
    expect(after.rows.map((r) => r.id)).to.deep.equal([photo.id]);
    expect(after.files).to.deep.equal([after.rows[0]!.file]);
    expect(errorOf(await calls.download(teams.ownerA, first.data.id))).to.deep.equal([
      404,
      'VIRTUAL_BACKGROUND_NOT_FOUND',
    ]);
    expect(errorOf(await calls.remove(teams.ownerA, first.data.id))).to.deep.equal([
      404,
      'VIRTUAL_BACKGROUND_NOT_FOUND',
    ]);
    await calls.remove(teams.ownerA, photo.id);
  });

  it('refuses what is not a JPG or PNG, a file over 5 MB and an empty form, and stores nothing', async () => {
    const before = await calls.state();
    for (const bytes of [notBackgrounds.pdf, notBackgrounds.html, gif()]) {
      const res = await calls.upload(teams.memberA, asPng(bytes));
      expect(errorOf(res)).to.deep.equal([415, 'UNSUPPORTED_FLOOR_IMAGE_FORMAT']);
      expect(res.json.error!.message).to.equal('Unsupported image format. Use JPG or PNG.');
    }
    const big = Buffer.concat([png(), Buffer.alloc(VIRTUAL_BACKGROUND_MAX_BYTES)]);
    const tooBig = await calls.upload(teams.memberA, asPng(big));
    expect(errorOf(tooBig)).to.deep.equal([413, 'FILE_TOO_LARGE']);
    expect(tooBig.json.error!.message).to.equal('The file is too large (at most 5 MB).');
    const empty = await calls.upload(teams.memberA, null);
    expect(errorOf(empty)).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(errorOf(await calls.upload(null, asPng(png())))).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(await calls.state()).to.deep.equal(before);

    // exactly 5 MB is still allowed
    const atLimit = Buffer.concat([png(), Buffer.alloc(VIRTUAL_BACKGROUND_MAX_BYTES - png().length)]);
    const kept = await calls.upload(teams.memberA, asPng(atLimit));
    expect(kept.status).to.equal(201);
    await calls.remove(teams.memberA, virtualBackgroundSchema.parse(kept.json.data).id);
  });

  it('keeps at most 20 backgrounds per person; the 21st is refused and stores nothing', async () => {
    const collector = await actor(server, 'collector@a.example');
    for (let i = 0; i < VIRTUAL_BACKGROUND_MAX_COUNT; i += 1)
      expect((await calls.upload(collector, asPng(png(1, 1, [i, i, i])))).status).to.equal(201);
    const before = await calls.state();
    const refused = await calls.upload(collector, asPng(png()));
    expect(errorOf(refused)).to.deep.equal([409, 'VIRTUAL_BACKGROUND_LIMIT']);
    expect(refused.json.error!.message).to.contain('20');
    expect(await calls.state()).to.deep.equal(before);
    // uploads racing for the last places never end above the limit, and every file has its row
    for (const row of before.rows.slice(0, 2)) await calls.remove(collector, row.id);
    const raced = await Promise.all([1, 2, 3, 4].map(() => calls.upload(collector, asPng(png()))));
    const after = await calls.state();
    const mine = after.rows.filter((r) => r.userId === collector.user.id);
    expect(mine).to.have.length.at.most(VIRTUAL_BACKGROUND_MAX_COUNT);
    expect(raced.filter((r) => r.status === 201)).to.have.length(mine.length - 18);
    expect(raced.every((r) => r.status === 201 || r.json.error?.code === 'VIRTUAL_BACKGROUND_LIMIT')).to.equal(true);
    expect(after.files).to.deep.equal(after.rows.map((r) => r.file).sort());
    // someone else is not held back by it
    const other = await calls.upload(teams.ownerB, asPng(png()));
    expect(other.status).to.equal(201);
    await calls.remove(teams.ownerB, virtualBackgroundSchema.parse(other.json.data).id);
    for (const row of mine) await calls.remove(collector, row.id);
    expect((await calls.state()).files).to.deep.equal([]);
  });

  it('answers not found to a teammate and to another team for my background, and deletes nothing', async () => {
    const mine = virtualBackgroundSchema.parse((await calls.upload(teams.ownerA, asPng(png()))).json.data);
    const before = await calls.state();
    for (const stranger of [teams.memberA, teams.adminA, teams.ownerB, teams.memberB]) {
      expect(errorOf(await calls.download(stranger, mine.id))).to.deep.equal([404, 'VIRTUAL_BACKGROUND_NOT_FOUND']);
      expect(errorOf(await calls.remove(stranger, mine.id))).to.deep.equal([404, 'VIRTUAL_BACKGROUND_NOT_FOUND']);
    }
    expect(errorOf(await calls.download(teams.ownerB, 999_999))).to.deep.equal([404, 'VIRTUAL_BACKGROUND_NOT_FOUND']);
    expect(errorOf(await calls.remove(teams.ownerA, 'abc'))).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect(errorOf(await calls.download(null, mine.id))).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(await calls.state()).to.deep.equal(before);
    expect((await calls.download(teams.ownerA, mine.id)).status).to.equal(200);
  });

  it('sweeps the files of rows the database removed (a cascade) once an hour old, and nothing else', async () => {
    const kept = virtualBackgroundSchema.parse((await calls.upload(teams.memberB, asPng(png()))).json.data);
    const lost = virtualBackgroundSchema.parse((await calls.upload(teams.memberB, asPng(png()))).json.data);
    const lostFile = (await server.models.VirtualBackground.findByPk(lost.id))!.file;
    await server.models.VirtualBackground.destroy({ where: { id: lost.id } });
    const dir = path.join(server.config.dataDir, 'virtual-backgrounds');
    fs.writeFileSync(path.join(dir, 'f'.repeat(32)), 'stray');
    fs.writeFileSync(path.join(dir, 'README.txt'), 'not ours');
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const name of ['f'.repeat(32), lostFile, 'README.txt'])
      fs.utimesSync(path.join(dir, name), hoursAgo, hoursAgo);
    // a file just written may be an upload whose row is on its way: kept
    fs.writeFileSync(path.join(dir, 'e'.repeat(32)), 'young');
    const sweep = async () => (await server.features.uploads.sweeper.sweep()).backgroundFilesWithoutRow;
    expect(await sweep()).to.equal(2);
    const rows = (await calls.state()).rows;
    expect(rows.map((r) => r.id)).to.include(kept.id);
    expect(fs.readdirSync(dir).sort()).to.deep.equal(['README.txt', 'e'.repeat(32), ...rows.map((r) => r.file)].sort());
    expect(fs.readdirSync(dir)).not.to.include(lostFile);
    expect((await calls.download(teams.memberB, kept.id)).status).to.equal(200);
    expect(await sweep()).to.equal(0);
    fs.rmSync(path.join(dir, 'README.txt'));
    fs.rmSync(path.join(dir, 'e'.repeat(32)));
    await calls.remove(teams.memberB, kept.id);
  });
});

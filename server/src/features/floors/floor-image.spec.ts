import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { floorSchema, type FloorDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { upload } from '../companies/fixtures';
import { gif, jpeg, png } from '../uploads/test-images';
import { errorOf, floorCalls, floorState, twoTeams } from './fixtures';

describe(`floors: the floor image and the floor plans (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floor: FloorDto;
  const calls = floorCalls(() => server);

  before(async () => {
    server = await startTestServer();
    teams = await twoTeams(server);
    floor = await calls.floor(teams.ownerA, { type: 2 });
  });
  after(() => server?.close());

  it('stores a JPG or PNG floor image of at most 1 MB and refuses GIF, fakes and bigger files', async () => {
    const put = (who = teams.ownerA, file: Parameters<typeof upload>[3]) =>
      upload(server, `/api/floors/${floor.id}/image`, who, file);
    const first = await put(undefined, { bytes: png(4, 3), name: 'plan.png', type: 'image/png' });
    expect(first.status).to.equal(200);
    expect(first.json.message).to.equal('The floor image was updated.');
    const url = floorSchema.parse(first.json.data).imageUrl!;
    expect(url).to.match(/^\/api\/files\/[0-9a-f]{32}\.png$/);
    const exact = Buffer.concat([jpeg(), Buffer.alloc(1024 * 1024 - jpeg().length)]);
    const second = await put(undefined, { bytes: exact, name: 'x.jpg', type: 'image/jpeg' });
    expect(second.status, JSON.stringify(second.json)).to.equal(200);
    const uploads = fs.readdirSync(path.join(server.config.dataDir, 'uploads'));
    expect(uploads).to.deep.equal([path.basename(floorSchema.parse(second.json.data).imageUrl!)]);

    const before = await floorState(server);
    const gifRes = await put(undefined, { bytes: gif(), name: 'a.gif', type: 'image/gif' });
    expect(gifRes.json.error).to.deep.equal({
      code: 'UNSUPPORTED_FLOOR_IMAGE_FORMAT',
      message: 'Unsupported image format. Use JPG or PNG.',
    });
    expect(gifRes.status).to.equal(415);
    const big = await put(undefined, {
      bytes: Buffer.concat([exact, Buffer.alloc(1)]),
      name: 'b.jpg',
      type: 'image/jpeg',
    });
    expect(big.status).to.equal(413);
    expect(big.json.error).to.deep.equal({ code: 'FILE_TOO_LARGE', message: 'The file is too large (at most 1 MB).' });
    expect(errorOf(await put(teams.memberA, { bytes: png(), name: 'a.png', type: 'image/png' }))).to.deep.equal([
      403,
      'FORBIDDEN',
    ]);
    expect(errorOf(await put(teams.ownerB, { bytes: png(), name: 'a.png', type: 'image/png' }))).to.deep.equal([
      404,
      'FLOOR_NOT_FOUND',
    ]);
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('lists the floor plans in the caller’s language', async () => {
    const en = await calls.call(teams.memberA, '/floor-plan-category');
    expect(en.json).to.deep.equal({
      data: [
        {
          id: 'office',
          name: 'Office',
          plans: [
            { id: 'office-24', name: 'Office (24 rooms)', rooms: 24 },
            { id: 'lounge-24', name: 'Lounge office (24 rooms)', rooms: 24 },
          ],
        },
        { id: 'event', name: 'Event', plans: [{ id: 'event-24', name: 'Event hall (24 rooms)', rooms: 24 }] },
      ],
    });
    const ja = await calls.call(teams.memberA, '/floor-plan-category', { lang: 'ja' });
    expect((ja.json.data as { name: string }[])[0]!.name).to.equal('オフィス');
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startS3Server } from '../../../testing/s3-server';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { api, as } from '../../companies/fixtures';
import { floorCalls, twoTeams } from '../../floors/fixtures';
import { S3Storage } from './s3';

/**
 * RECORDING_STORAGE=s3 against a real S3-compatible server on loopback
 * (s3rver: the S3 REST protocol with signature checks, objects on disk).
 */
describe('recordings: S3-compatible storage', function () {
  this.timeout(60_000);
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let server: TestServer;
  let webm: string;
  const calls = floorCalls(() => server);

  before(async () => {
    s3 = await startS3Server(['recordings']);
    webm = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rec-s3-')), 'in.webm');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=320x180:r=15', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=440:sample_rate=48000', '-t', '2', '-c:v', 'libvpx', '-c:a', 'libopus', '-y', webm],
    ]);
    server = await startTestServer({
      RECORDING_STORAGE: 's3',
      RECORDING_S3_BUCKET: 'recordings',
      RECORDING_S3_ENDPOINT: s3.endpoint,
      RECORDING_S3_PREFIX: 'tsudoi/',
      RECORDING_S3_ACCESS_KEY_ID: s3.accessKeyId,
      RECORDING_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  after(async () => {
    await server?.close();
    await s3?.close();
    fs.rmSync(path.dirname(webm), { recursive: true, force: true });
  });

  const copyOf = (file: string) => {
    const copy = `${file}.${Math.random().toString(36).slice(2)}`;
    fs.copyFileSync(file, copy);
    return copy;
  };

  it('put, size, ranged read, local copy and remove go to the bucket (under the prefix), and the local file is gone', async () => {
    const storage = server.features.recordings.storage;
    expect(storage).to.be.instanceOf(S3Storage);
    const local = copyOf(webm);
    const size = await storage.put('7/1-abc.webm', local);
    expect(size).to.equal(fs.statSync(webm).size);
    expect(fs.existsSync(local)).to.equal(false);
    // s3rver keeps objects on disk: the bytes are really in the bucket, under the prefix
    const stored = execFileSync('find', [path.join(s3.dir, 'recordings'), '-name', '1-abc.webm*']).toString();
    expect(stored).to.include('tsudoi/7/1-abc.webm');
    expect(await storage.size('7/1-abc.webm')).to.equal(size);
    expect(await storage.size('7/absent.webm')).to.equal(null);

    const chunks: Buffer[] = [];
    for await (const chunk of storage.read('7/1-abc.webm', { start: 100, end: 199 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(fs.readFileSync(webm).subarray(100, 200))).to.equal(true);

    const copy = await storage.localCopy('7/1-abc.webm');
    expect(fs.readFileSync(copy.file).equals(fs.readFileSync(webm))).to.equal(true);
    await copy.release();
    expect(fs.existsSync(copy.file)).to.equal(false);

    await storage.remove('7/1-abc.webm');
    expect(await storage.size('7/1-abc.webm')).to.equal(null);
    expect(() => storage.read('../etc/passwd')).to.throw('bad storage key');
  });

  it('a recording stored in S3 downloads whole and by range through the REST API; another company gets 404', async () => {
    const teams = await twoTeams(server);
    const floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    const room = await server.models.FloorRoom.findOne({ where: { floorId, number: 9 } });
    const row = await server.models.Recording.create({
      companyId: teams.teamA.id,
      floorId,
      roomId: room!.id,
      roomName: 'tableB',
      floorName: 'Floor A',
      startedBy: teams.ownerA.user.id,
      startedAt: new Date(Date.now() - 60_000),
      endedAt: new Date(),
      status: 'ready',
      segments: '[]',
    });
    const key = `${teams.teamA.id}/${row.id}-spec.webm`;
    const size = await server.features.recordings.storage.put(key, copyOf(webm));
    await row.update({ storageKey: key, size, durationMs: 2000 });

    const link = await api(server, `/api/recordings/${row.id}/link`, as(teams.ownerA, { lang: 'en', method: 'POST' }));
    const { url } = link.json.data as { url: string };
    const cookie = link.headers.get('set-cookie')!.split(';')[0]!;
    const whole = await fetch(`${server.url}/api${url}`, { headers: { cookie } });
    expect([whole.status, whole.headers.get('content-length')]).to.deep.equal([200, String(size)]);
    expect(Buffer.from(await whole.arrayBuffer()).equals(fs.readFileSync(webm))).to.equal(true);
    const part = await fetch(`${server.url}/api${url}`, { headers: { range: 'bytes=-50', cookie } });
    expect([part.status, part.headers.get('content-range')]).to.deep.equal([
      206,
      `bytes ${size - 50}-${size - 1}/${size}`,
    ]);
    expect(Buffer.from(await part.arrayBuffer()).equals(fs.readFileSync(webm).subarray(size - 50))).to.equal(true);

    const other = await api(server, `/api/recordings/${row.id}/download`, as(teams.ownerB, { lang: 'en' }));
    expect([other.status, other.json?.error?.code]).to.deep.equal([404, 'RECORDING_NOT_FOUND']);
    expect(await server.features.recordings.storage.size(key)).to.equal(size);

    const deleted = await api(server, `/api/recordings/${row.id}`, as(teams.ownerA, { lang: 'en', method: 'DELETE' }));
    expect(deleted.status).to.equal(200);
    expect(await server.features.recordings.storage.size(key)).to.equal(null);
  });
});

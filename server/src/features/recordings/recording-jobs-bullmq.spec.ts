import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { pause } from '../floors/live/live.testing';
import { BullRecordingJobs, jobsPrefix } from './recording-jobs-bullmq';

const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * An OpenAI-compatible transcription server whose first answer waits for
 * `release()`: the job in hand while the server is stopped.
 */
function gatedTranscriptionServer() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  let firstSeen!: () => void;
  const first = new Promise<void>((resolve) => (firstSeen = resolve));
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      const answer = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            text: 'We decided to ship on Friday.',
            segments: [{ start: 0.1, end: 1.8, text: 'We decided to ship on Friday.' }],
          }),
        );
      if (requests === 1) {
        firstSeen();
        void gate.then(answer);
      } else answer();
    });
  });
  return { server, release, first, requests: () => requests };
}

describe('recordings: jobs on BullMQ (REDIS_URL) outlive a restart', function () {
  this.timeout(90_000);
  const engine = gatedTranscriptionServer();
  let db: TestDatabase;
  let recordingDir: string;
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  let env: Record<string, string>;

  before(async () => {
    await new Promise<void>((resolve) => engine.server.listen(0, '127.0.0.1', resolve));
    db = await createTestDatabase();
    recordingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rec-jobs-'));
    env = {
      REDIS_URL,
      DATABASE_URL: db.url,
      RECORDING_DIR: recordingDir,
      TRANSCRIPT_ENGINE: 'http',
      TRANSCRIPT_HTTP_URL: `http://127.0.0.1:${(engine.server.address() as AddressInfo).port}`,
    };
  });
  after(async () => {
    await a?.close();
    await b?.close();
    const queue = new Queue('recording-jobs', { connection: { url: REDIS_URL }, prefix: jobsPrefix(db.url) });
    await queue.obliterate({ force: true });
    await queue.close();
    await db.drop();
    fs.rmSync(recordingDir, { recursive: true, force: true });
    engine.server.close();
  });

  it('a transcript queued before the server stops is made by the next server of the same database (then its minutes)', async () => {
    a = await startTestServer(env);
    expect(a.features.recordings.jobs).to.be.instanceOf(BullRecordingJobs);
    const teams = await twoTeams(a);
    const floorId = (await floorCalls(() => a!).floor(teams.ownerA, { type: 2 })).id;
    const room = await a.models.FloorRoom.findOne({ where: { floorId, number: 9 } });
    const webm = path.join(recordingDir, 'in.webm');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=320x180:r=15', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=440:sample_rate=48000', '-t', '1', '-c:v', 'libvpx', '-c:a', 'libopus', '-y', webm],
    ]);
    const finished = async (): Promise<number> => {
      const row = await a!.models.Recording.create({
        companyId: teams.teamA.id,
        floorId,
        roomId: room!.id,
        roomName: 'tableB',
        floorName: 'Floor A',
        startedBy: teams.ownerA.user.id,
        startedAt: new Date(Date.now() - 60_000),
        endedAt: new Date(),
        status: 'ready',
        segments: JSON.stringify([{ offsetMs: 0, durationMs: 1000, speakers: [teams.ownerA.user.id] }]),
        transcriptStatus: 'queued',
      });
      const copy = `${webm}.${row.id}`;
      fs.copyFileSync(webm, copy);
      const key = `${teams.teamA.id}/${row.id}-spec.webm`;
      await row.update({ storageKey: key, size: await a!.features.recordings.storage.put(key, copy) });
      return row.id;
    };
    const first = await finished();
    const second = await finished();
    a.features.recordings.jobs.add('transcript', first, teams.teamA.id);
    a.features.recordings.jobs.add('transcript', second, teams.teamA.id);
    // the first job is in hand (its engine call waits); the second waits in Redis
    await engine.first;
    const stopping = a.close();
    await pause(500);
    engine.release();
    await stopping;
    a = undefined;

    const status = async (server: TestServer, id: number) => {
      const row = await server.models.Recording.findByPk(id);
      return [row!.transcriptStatus, row!.minutesStatus];
    };
    const queue = new Queue('recording-jobs', { connection: { url: REDIS_URL }, prefix: jobsPrefix(db.url) });
    try {
      // the stopped server finished the job in hand and queued its minutes; the second transcript still waits
      expect(engine.requests()).to.equal(1);
      // (waiting with a priority: the teams take turns, bullmq names it 'prioritized')
      expect(await (await queue.getJob(`transcript-${second}`))?.getState()).to.equal('prioritized');
      expect(await (await queue.getJob(`minutes-${first}`))?.getState()).to.equal('prioritized');
    } finally {
      await queue.close();
    }

    b = await startTestServer(env);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await status(b, second)).join() !== 'ready,ready') await pause(200);
    expect(await status(b, first)).to.deep.equal(['ready', 'ready']);
    expect(await status(b, second)).to.deep.equal(['ready', 'ready']);
    expect(engine.requests()).to.equal(2);
    await b.features.recordings.jobs.idle();
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { RecordingStatus } from '@tsudoi/common';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { floorCalls, twoTeams } from '../floors/fixtures';
import type { SegmentNote } from './capture-journal';
import { probeDuration } from './ffmpeg-tools';
import { ORPHAN_MS, STALE_MS } from './recording-salvage';
import type { RecordedSegment } from './render-recording';

/**
 * Recordings a crash cut (issue 25 §9), against the real server, its database,
 * ffmpeg and the SMTP server: the work folders a killed process leaves are
 * rebuilt, removed or left to the process still recording them. The browser
 * test (e2e/recording-crash.e2e.ts) kills a real server mid-recording.
 */
describe('recordings: salvage after a crash', function () {
  this.timeout(120_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floorId: number;
  let roomId: number;
  let sample: string;
  const calls = floorCalls(() => server);
  const work = () => path.join(server.config.dataDir, 'recordings', 'work');

  before(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: smtp.url });
    teams = await twoTeams(server);
    floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    roomId = (await server.models.FloorRoom.findOne({ where: { floorId, number: 9 } }))!.id;
    // a capture of the shape the recorder writes: VP8 + Opus in Matroska, 6 s of a tone
    sample = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'salvage-spec-')), 'capture.mkv');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=320x180:r=15', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=440:sample_rate=48000', '-t', '6', '-c:v', 'libvpx', '-c:a', 'libopus'],
      ...['-f', 'matroska', '-y', sample],
    ]);
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
  });

  const ago = (ms: number) => new Date(Date.now() - ms);
  const recording = (
    fields: Partial<{ status: RecordingStatus; recorderId: string; heartbeatAt: Date; endedAt: Date }>,
  ) =>
    server.models.Recording.create({
      companyId: teams.teamA.id,
      floorId,
      roomId,
      roomName: 'tableB',
      floorName: '営業フロア',
      startedBy: teams.ownerA.user.id,
      startedAt: ago(60_000),
      status: 'recording',
      recorderId: 'another-host:4242:cafe',
      heartbeatAt: ago(STALE_MS + 5000),
      ...fields,
    });
  /** A work folder as a killed recorder leaves it: each capture (a copy of the sample, or bytes) with its note. */
  const folder = (id: number, captures: (Omit<SegmentNote, 'index' | 'shape' | 'speakers'> & { bytes?: string })[]) => {
    const dir = path.join(work(), `rec-${id}-${crypto.randomBytes(4).toString('hex')}`);
    fs.mkdirSync(dir, { recursive: true });
    captures.forEach(({ bytes, ...note }, i) => {
      const name = `segment-${String(i + 1).padStart(4, '0')}`;
      if (bytes === undefined) fs.copyFileSync(sample, path.join(dir, `${name}.mkv`));
      else fs.writeFileSync(path.join(dir, `${name}.mkv`), bytes);
      const full: SegmentNote = {
        index: i + 1,
        shape: { audio: 1, video: true },
        speakers: [teams.ownerA.user.id],
        ...note,
      };
      fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(full));
    });
    return dir;
  };
  const reload = async (id: number) => (await server.models.Recording.findByPk(id))!;
  const sweep = () => server.features.recordings.live.salvageNow();

  it('rebuilds what a killed process recorded into a playable file marked interrupted, and tells the starter by e-mail', async () => {
    const row = await recording({});
    const t0 = Date.now() - 30_000;
    // the first capture was being cut when the process died (the next had begun 2.5 s in), one is damaged (it keeps
    // its place as silence), the last was recording
    const dir = folder(row.id, [
      { resumedAt: t0, gap: false },
      { resumedAt: t0 + 2500, gap: true },
      { resumedAt: t0 + 4000, gap: false, durationMs: 1000, bytes: 'damaged' },
      { resumedAt: t0 + 5000, gap: false },
    ]);
    await sweep();
    const saved = await reload(row.id);
    expect(saved).to.include({ status: 'ready', interrupted: true, transcriptStatus: saved.transcriptStatus });
    expect(['queued', 'generating', 'ready', 'empty', 'failed']).to.include(saved.transcriptStatus);
    const segments = JSON.parse(saved.segments!) as RecordedSegment[];
    // 2.5 s (to where the next began), 1.5 s of gap, 1 s of silence for the damaged one, then the last as far as it
    // reads (its 6 s)
    expect(segments.map((s) => Math.round(s.durationMs / 100) / 10)).to.deep.equal([2.5, 1.5, 1, 6]);
    expect(segments.map((s) => Boolean(s.gap))).to.deep.equal([false, true, false, false]);
    expect(segments[2]!.speakers).to.deep.equal([]);
    const file = path.join(server.config.dataDir, 'recordings', 'files', saved.storageKey!);
    expect((await probeDuration(file))! / 1000).to.be.closeTo(11, 0.3);
    expect(saved.durationMs! / 1000).to.be.closeTo(11, 0.3);
    expect(saved.endedAt!.getTime()).to.be.closeTo(t0 + 11_000, 400);
    expect(fs.existsSync(dir)).to.equal(false);
    const mail = await smtp.next(teams.ownerA.user.email, undefined, 20_000);
    expect(mail.subject).to.equal('テーブルBの録画は中断され、保存されました');
    expect(mail.text).to.contain('営業フロア').and.contain(`/floors/${floorId}/recordings/${row.id}`);
  });

  it('a recording its starter had stopped (only the saving was cut) is saved whole to the stop, not marked, nobody told', async () => {
    const t0 = Date.now() - 20_000;
    const row = await recording({ status: 'processing', endedAt: new Date(t0 + 3000) });
    folder(row.id, [{ resumedAt: t0, gap: false, durationMs: 3000 }]);
    await sweep();
    const saved = await reload(row.id);
    expect(saved).to.include({ status: 'ready', interrupted: false });
    expect(saved.durationMs! / 1000).to.be.closeTo(3, 0.2);
    expect(saved.endedAt!.getTime()).to.equal(t0 + 3000);
    expect(smtp.mails.filter((m) => m.to.includes(teams.ownerA.user.email))).to.deep.equal([]);
  });

  it('a folder with nothing playable is removed and logged; the recording fails and the starter is told', async () => {
    const row = await recording({});
    const dir = folder(row.id, [
      { resumedAt: Date.now() - 9000, gap: false, durationMs: 3000, bytes: 'not a capture' },
      { resumedAt: Date.now() - 6000, gap: false, bytes: '' },
    ]);
    await sweep();
    expect((await reload(row.id)).status).to.equal('failed');
    expect(fs.existsSync(dir)).to.equal(false);
    const mail = await smtp.next(teams.ownerA.user.email, undefined, 20_000);
    expect(mail.subject).to.equal('テーブルBの録画を保存できませんでした');
  });

  it("leaves another process's running recording alone (it said so 5 s ago); fails one silent for 3 minutes that nobody salvaged", async () => {
    const running = await recording({ heartbeatAt: ago(5000) });
    const runningDir = folder(running.id, [{ resumedAt: Date.now() - 8000, gap: false }]);
    const quiet = await recording({ heartbeatAt: ago(60_000) });
    const lost = await recording({ heartbeatAt: ago(ORPHAN_MS + 10_000) });
    await sweep();
    expect((await reload(running.id)).status).to.equal('recording');
    expect(fs.existsSync(runningDir)).to.equal(true);
    // silent for a minute, its folder on a machine that may come back: not yet
    expect((await reload(quiet.id)).status).to.equal('recording');
    expect((await reload(lost.id)).status).to.equal('failed');
    const mail = await smtp.next(teams.ownerA.user.email, undefined, 20_000);
    expect(mail.subject).to.equal('テーブルBの録画を保存できませんでした');
    fs.rmSync(runningDir, { recursive: true, force: true });
    await server.models.Recording.destroy({ where: { id: [running.id, quiet.id] } });
  });

  it('a recorder on this machine whose process is gone is salvaged at once, whatever its last heartbeat', async () => {
    const gone = spawnSync('true').pid!;
    const row = await recording({ recorderId: `${os.hostname()}:${gone}:beef`, heartbeatAt: ago(2000) });
    folder(row.id, [{ resumedAt: Date.now() - 8000, gap: false }]);
    await sweep();
    expect(await reload(row.id)).to.include({ status: 'ready', interrupted: true });
    await smtp.next(teams.ownerA.user.email, undefined, 20_000);
  });

  it('removes what finished and deleted recordings left behind', async () => {
    const done = await recording({ status: 'ready' });
    const doneDir = folder(done.id, [{ resumedAt: Date.now() - 5000, gap: false }]);
    const deletedDir = folder(999_999, [{ resumedAt: Date.now() - 5000, gap: false }]);
    await sweep();
    expect(fs.existsSync(doneDir)).to.equal(false);
    expect(fs.existsSync(deletedDir)).to.equal(false);
    expect((await reload(done.id)).status).to.equal('ready');
  });
});

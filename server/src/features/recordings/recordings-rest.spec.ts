import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { RecordingDetailDto, RecordingDto } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { api, as, type Actor } from '../companies/fixtures';
import { floorCalls, twoTeams } from '../floors/fixtures';
import { pause } from '../floors/live/live.testing';

/** What the local transcription server saw of each request, and how it answers the next ones. */
interface Seen {
  contentType: string;
  fields: Record<string, string>;
  fileHead: string;
  auth: string | undefined;
}

/**
 * A local server speaking the OpenAI audio transcription protocol
 * (POST /v1/audio/transcriptions, multipart): fails while `failing`, else
 * answers verbose_json segments.
 */
function transcriptionServer() {
  const seen: Seen[] = [];
  const state = { failing: true };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
      const fields: Record<string, string> = {};
      let fileHead = '';
      for (const part of body.toString('latin1').split(`--${boundary}`)) {
        const name = /name="([^"]+)"/.exec(part)?.[1];
        if (!name) continue;
        const value = part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
        if (name === 'file') fileHead = value.slice(0, 4);
        else fields[name] = value;
      }
      seen.push({ contentType: req.headers['content-type'] ?? '', fields, fileHead, auth: req.headers.authorization });
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return void res.writeHead(404).end();
      if (state.failing) return void res.writeHead(500).end('{"error":"busy"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          text: '本日は新製品の発売日を決定しました。田中さんは金曜日までに報告書を送ってください。',
          segments: [
            { start: 0.2, end: 3.1, text: '本日は新製品の発売日を決定しました。' },
            { start: 3.4, end: 6.9, text: '田中さんは金曜日までに報告書を送ってください。' },
          ],
        }),
      );
    });
  });
  return { server, seen, state };
}

describe('recordings: REST, access from another company, transcripts through the HTTP engine', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let floorId: number;
  let webm: string;
  const engine = transcriptionServer();
  const calls = floorCalls(() => server);
  const call = (who: Actor, p: string, options: Parameters<typeof api>[2] = {}) =>
    api(server, `/api${p}`, as(who, { lang: 'en', ...options }));

  before(async () => {
    await new Promise<void>((resolve) => engine.server.listen(0, '127.0.0.1', resolve));
    const port = (engine.server.address() as AddressInfo).port;
    server = await startTestServer({
      TRANSCRIPT_ENGINE: 'http',
      TRANSCRIPT_HTTP_URL: `http://127.0.0.1:${port}`,
      TRANSCRIPT_HTTP_KEY: 'sk-local',
      TRANSCRIPT_HTTP_MODEL: 'whisper-large-v3',
    });
    teams = await twoTeams(server);
    floorId = (await calls.floor(teams.ownerA, { type: 2 })).id;
    // a 2 s webm of the shape the recorder writes
    webm = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rec-spec-')), 'in.webm');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=320x180:r=15', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=440:sample_rate=48000', '-t', '2', '-c:v', 'libvpx', '-c:a', 'libopus', '-y', webm],
    ]);
  });
  after(async () => {
    await server?.close();
    engine.server.close();
  });

  /** A finished recording of room 9 of team A's floor, started by A's owner, as the recorder leaves it. */
  async function finished(): Promise<number> {
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
      segments: JSON.stringify([{ offsetMs: 0, durationMs: 2000, speakers: [teams.ownerA.user.id] }]),
    });
    const copy = `${webm}.${row.id}`;
    fs.copyFileSync(webm, copy);
    const key = `${teams.teamA.id}/${row.id}-spec.webm`;
    const size = await server.features.recordings.storage.put(key, copy);
    await row.update({ storageKey: key, size, durationMs: 2000 });
    return row.id;
  }
  const idle = async () => {
    await pause(50);
    await server.features.recordings.jobs.idle();
  };
  const rows = () => server.models.Recording.findAll({ raw: true, order: [['id', 'ASC']] });

  it('a failed engine gives the failed state; regenerate recovers, and the minutes follow (Japanese sentences)', async () => {
    const id = await finished();
    await server.models.Recording.update({ transcriptStatus: 'queued' }, { where: { id } });
    server.features.recordings.jobs.add('transcript', id, teams.teamA.id);
    await idle();
    let detail = (await call(teams.ownerA, `/recordings/${id}`)).json.data as RecordingDetailDto;
    expect(detail).to.include({ transcriptStatus: 'failed', minutesStatus: 'none' });
    expect(detail.transcriptEngine).to.deep.equal({ name: 'http', languages: ['ja', 'en'] });

    // the contract: multipart with the WAV, the model and verbose_json, the bearer key
    const asked = engine.seen.at(-1)!;
    expect(asked.contentType).to.match(/^multipart\/form-data; boundary=/);
    expect(asked.fileHead).to.equal('RIFF');
    expect(asked.fields).to.include({ model: 'whisper-large-v3', response_format: 'verbose_json' });
    expect(asked.auth).to.equal('Bearer sk-local');

    // minutes need a transcript
    const early = await call(teams.ownerA, '/recordings/summarization', { body: { recordingId: id } });
    expect([early.status, early.json.error?.code]).to.deep.equal([500, 'TRANSCRIPT_FAILED']);

    engine.state.failing = false;
    // a colleague who was not there neither sees it nor asks for it again; the starter does
    const colleague = await call(teams.memberA, '/recordings/transcript', { body: { recordingId: id } });
    expect([colleague.status, colleague.json.error?.code]).to.deep.equal([404, 'RECORDING_NOT_FOUND']);
    const again = await call(teams.ownerA, '/recordings/transcript', { body: { recordingId: id } });
    expect(again.status, again.text).to.equal(200);
    // asked again while it waits or runs: refused, nothing queued twice
    const twice = await call(teams.ownerA, '/recordings/transcript', { body: { recordingId: id } });
    expect([twice.status, twice.json.error?.code]).to.deep.equal([409, 'RECORDING_JOB_PENDING']);
    await idle();
    await server.features.chat.idle();
    detail = (await call(teams.ownerA, `/recordings/${id}`)).json.data as RecordingDetailDto;
    expect(detail).to.include({ transcriptStatus: 'ready', minutesStatus: 'ready' });
    expect(detail.transcript).to.deep.equal([
      {
        startMs: 200,
        endMs: 3100,
        text: '本日は新製品の発売日を決定しました。',
        speakerId: teams.ownerA.user.id,
        speakerName: teams.ownerA.user.name,
      },
      {
        startMs: 3400,
        endMs: 6900,
        text: '田中さんは金曜日までに報告書を送ってください。',
        speakerId: teams.ownerA.user.id,
        speakerName: teams.ownerA.user.name,
      },
    ]);
    expect(detail.minutes).to.deep.equal({
      summary: ['田中さんは金曜日までに報告書を送ってください。'],
      decisions: ['本日は新製品の発売日を決定しました。'],
      actionItems: ['田中さんは金曜日までに報告書を送ってください。'],
      engine: 'extractive',
    });
    // nobody is in the room: no chat is opened for nobody
    expect(await server.models.ChatConversation.count({ where: { key: `room:${detail.roomId}` } })).to.equal(0);
  });

  it('another company cannot list, read, download or delete; the file streams with ranges; the starter deletes', async () => {
    const id = await finished();
    const before = await rows();
    const list = await call(teams.memberB, `/floors/${floorId}/recordings`);
    expect([list.status, list.json.error?.code]).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    for (const [method, p] of [
      ['GET', `/recordings/${id}`],
      ['GET', `/recordings/${id}/download`],
      ['DELETE', `/recordings/${id}`],
    ] as const) {
      const res = await call(teams.ownerB, p, { method });
      expect([method, p, res.status, res.json?.error?.code]).to.deep.equal([method, p, 404, 'RECORDING_NOT_FOUND']);
    }
    const regenerate = await call(teams.ownerB, '/recordings/transcript', { body: { recordingId: id } });
    expect(regenerate.json.error?.code).to.equal('RECORDING_NOT_FOUND');
    expect(await rows()).to.deep.equal(before);

    // the starter sees it; a colleague who was not in the room does not, until it is shared with them
    const mine = (await call(teams.ownerA, `/floors/${floorId}/recordings`)).json as {
      data: RecordingDto[];
      total: number;
    };
    const rec = mine.data.find((r) => r.id === id)!;
    expect(rec).to.include({ roomName: 'Table B', status: 'ready', size: fs.statSync(webm).size, mayManage: true });
    const theirs = (await call(teams.memberA, `/floors/${floorId}/recordings`)).json as { data: RecordingDto[] };
    expect(theirs.data.map((r) => r.id)).to.not.include(id);
    expect((await call(teams.memberA, `/recordings/${id}`)).status).to.equal(404);
    const shared = await call(teams.ownerA, `/recordings/${id}/viewers`, {
      body: { userIds: [teams.memberA.user.id] },
    });
    expect(shared.status, shared.text).to.equal(200);
    expect((shared.json.data as RecordingDetailDto).viewers).to.deep.equal([
      { id: teams.memberA.user.id, name: teams.memberA.user.name, reason: 'shared' },
    ]);
    // not with someone who cannot see the floor
    const outside = await call(teams.ownerA, `/recordings/${id}/viewers`, {
      body: { userIds: [teams.memberB.user.id] },
    });
    expect([outside.status, outside.json.error?.code]).to.deep.equal([400, 'RECORDING_SHARE_OUTSIDE']);

    // the member's own link: streams with ranges in the browser that asked for it (its cookie), nowhere else
    const link = await call(teams.memberA, `/recordings/${id}/link`, { method: 'POST' });
    expect(link.status, link.text).to.equal(200);
    const { url } = link.json.data as { url: string; expiresAt: string };
    const cookie = link.headers.get('set-cookie')!.split(';')[0]!;
    expect(link.headers.get('set-cookie'))
      .to.match(/HttpOnly/i)
      .and.match(/SameSite=Strict/i);
    const whole = await fetch(`${server.url}/api${url}`, { headers: { cookie } });
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges')]).to.deep.equal([
      200,
      'video/webm',
      'bytes',
    ]);
    expect(Buffer.from(await whole.arrayBuffer()).equals(fs.readFileSync(webm))).to.equal(true);
    const part = await fetch(`${server.url}/api${url}`, { headers: { range: 'bytes=10-19', cookie } });
    expect([part.status, part.headers.get('content-range')]).to.deep.equal([206, `bytes 10-19/${rec.size}`]);
    expect(Buffer.from(await part.arrayBuffer()).equals(fs.readFileSync(webm).subarray(10, 20))).to.equal(true);
    // forwarded (no cookie), forged, made for someone else, or for another recording: refused alike
    expect((await fetch(`${server.url}/api${url}`)).status).to.equal(404);
    expect((await fetch(`${server.url}/api${url.replace(/sig=./, 'sig=x')}`, { headers: { cookie } })).status).to.equal(
      404,
    );
    const other = url.replace(`u=${teams.memberA.user.id}`, `u=${teams.ownerA.user.id}`);
    expect((await fetch(`${server.url}/api${other}`, { headers: { cookie } })).status).to.equal(404);
    const elsewhere = url.replace(`/recordings/${id}/`, `/recordings/${id + 1000}/`);
    expect((await fetch(`${server.url}/api${elsewhere}`, { headers: { cookie } })).status).to.equal(404);
    const bearer = await call(teams.memberA, `/recordings/${id}/download`, { headers: { range: 'bytes=0-3' } });
    expect(bearer.status).to.equal(206);
    // no longer shared: the link the member holds stops at once
    expect(
      (await call(teams.ownerA, `/recordings/${id}/viewers/${teams.memberA.user.id}`, { method: 'DELETE' })).status,
    ).to.equal(200);
    expect((await fetch(`${server.url}/api${url}`, { headers: { cookie } })).status).to.equal(404);
    await call(teams.ownerA, `/recordings/${id}/viewers`, { body: { userIds: [teams.memberA.user.id] } });

    // a member who did not start it may not delete; the starter does, and the file goes
    const refusedDelete = await call(teams.memberA, `/recordings/${id}`, { method: 'DELETE' });
    expect(refusedDelete.json.error?.code).to.equal('FORBIDDEN');
    const key = (await server.models.Recording.findByPk(id))!.storageKey!;
    const deleted = await call(teams.ownerA, `/recordings/${id}`, { method: 'DELETE' });
    expect(deleted.status).to.equal(200);
    expect(await server.models.Recording.findByPk(id)).to.equal(null);
    expect(await server.features.recordings.storage.size(key)).to.equal(null);
  });

  it('after a restart, a transcript cut while generating is made again (the queue resumes from the rows)', async () => {
    engine.state.failing = false;
    const id = await finished();
    await server.models.Recording.update({ transcriptStatus: 'generating' }, { where: { id } });
    await server.features.recordings.resume();
    await idle();
    const row = await server.models.Recording.findByPk(id);
    expect([row!.transcriptStatus, row!.minutesStatus]).to.deep.equal(['ready', 'ready']);
  });

  it('recordings count towards the company storage quota', async () => {
    const quota = server.features.uploads.quota;
    const before = await quota.status({ companyId: teams.teamA.id, userId: teams.ownerA.user.id });
    await finished();
    const after = await quota.status({ companyId: teams.teamA.id, userId: teams.ownerA.user.id });
    expect(after.usedBytes - before.usedBytes).to.equal(fs.statSync(webm).size);
  });
});

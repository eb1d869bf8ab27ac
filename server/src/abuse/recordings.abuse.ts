import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ActiveRecordingDto, RecordingDetailDto, RecordingDto } from '@tsudoi/common';
import { actor, api, as, type Actor } from '../features/companies/fixtures';
import { floorCalls, twoTeams } from '../features/floors/fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';
import { mediaPeer, mediaWorld, produce } from '../features/media/media.testing';
import { call, ok, pause } from '../features/floors/live/live.testing';
import { TEAM_WAITING_CAP } from '../features/recordings/recording-jobs';

/**
 * Issue 25 §2 from the other side: a recording is for the people of the
 * meeting — its starter, the floor's hosts, those who were in the room, and
 * whoever they share it with — not for every colleague or guest who can see
 * the floor. Only the starter and the hosts ask for a transcript or minutes
 * again, and one team cannot hold the shared job queue.
 */
describe('abuse: who watches a recording, and who may fill the job queue', function () {
  this.timeout(120_000);
  const world = mediaWorld({ env: { RECORDING_RECONNECT_GRACE_SECONDS: '0' } });
  const rest = (who: Actor, path: string, options: Parameters<typeof api>[2] = {}) =>
    api(world.server, `/api${path}`, as(who, { lang: 'en', ...options }));
  const settled = async () => {
    for (let i = 0; i < 100; i++) {
      const rows = await world.server.models.Recording.findAll({ raw: true });
      if (!rows.some((r) => ['recording', 'processing'].includes(r.status))) return;
      await pause(100);
    }
  };

  it('the room’s people, the starter and the hosts watch it; a colleague elsewhere and a guest of the floor learn nothing of it', async () => {
    const { ownerA, memberA, adminA, ownerB } = world.teams;
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: world.teams.teamA.id } });
    // team B's owner is a guest of this floor (invited, in the entrance, never in the room)
    expect((await world.calls.register(ownerA, world.floorId, [{ email: ownerB.user.email }])).status).to.equal(201);
    const guest = await world.on(ownerB, 1);
    const host = await world.on(ownerA);
    const member = await world.on(memberA);
    const colleague = await world.on(adminA, 10); // at another table all along
    const peer = await mediaPeer(host);
    await mediaPeer(member);
    await ok(produce(host, peer.send.id, 'mic'));
    const latecomer = await actor(world.server, 'late@a.example', {
      employmentCompanyId: world.teams.teamA.id,
      employeeRole: 'EMPLOYEE',
    });
    const late = await world.on(latecomer, 10);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    // someone walks in while it runs, and out again
    await ok(call(late, 'floor:joinRoom', { roomId: world.room(9).id }));
    await pause(300);
    await ok(call(late, 'floor:joinRoom', { roomId: world.room(10).id }));
    await pause(200);
    expect(await ok(call(host, 'recording:stop', {}))).to.deep.equal({ id: started.id });
    await settled();
    void guest;
    void colleague;

    const listed = async (who: Actor) =>
      ((await rest(who, `/floors/${world.floorId}/recordings`)).json.data as RecordingDto[] | undefined)?.map(
        (r) => r.id,
      );
    expect(await listed(ownerA)).to.deep.equal([started.id]);
    expect(await listed(memberA)).to.deep.equal([started.id]);
    expect(await listed(latecomer)).to.deep.equal([started.id]);
    expect(await listed(adminA)).to.deep.equal([]);
    expect(await listed(ownerB)).to.deep.equal([]);
    const before = await world.server.models.Recording.findByPk(started.id, { raw: true });
    for (const who of [adminA, ownerB, world.teams.memberB]) {
      for (const [method, path, body] of [
        ['GET', `/recordings/${started.id}`, undefined],
        ['GET', `/recordings/${started.id}/download`, undefined],
        ['POST', `/recordings/${started.id}/link`, undefined],
        ['DELETE', `/recordings/${started.id}`, undefined],
        ['POST', '/recordings/transcript', { recordingId: started.id }],
        ['POST', '/recordings/summarization', { recordingId: started.id }],
        ['POST', `/recordings/${started.id}/viewers`, { userIds: [who.user.id] }],
      ] as const) {
        const res = await rest(who, path, { method, ...(body ? { body } : {}) });
        expect([who.user.email, method, path, res.status, res.json?.error?.code]).to.deep.equal([
          who.user.email,
          method,
          path,
          404,
          'RECORDING_NOT_FOUND',
        ]);
      }
    }
    expect(await world.server.models.Recording.findByPk(started.id, { raw: true })).to.deep.equal(before);
    // someone who was there watches it, but neither deletes, shares nor asks for the transcript again
    const seen = (await rest(memberA, `/recordings/${started.id}`)).json.data as RecordingDetailDto;
    expect(seen).to.include({ id: started.id, mayManage: false, viewers: null });
    for (const [method, path, body] of [
      ['DELETE', `/recordings/${started.id}`, undefined],
      ['POST', '/recordings/transcript', { recordingId: started.id }],
      ['POST', `/recordings/${started.id}/viewers`, { userIds: [adminA.user.id] }],
    ] as const)
      expect((await rest(memberA, path, { method, ...(body ? { body } : {}) })).json.error?.code).to.equal('FORBIDDEN');
    // the host sees who was there
    const full = (await rest(ownerA, `/recordings/${started.id}`)).json.data as RecordingDetailDto;
    expect(full.viewers?.map((v) => [v.id, v.reason])).to.deep.include.members([[memberA.user.id, 'present']]);
    expect(full.viewers?.map((v) => v.id)).to.not.include(adminA.user.id);
  });
});

describe('abuse: one team cannot hold the shared transcript queue', function () {
  this.timeout(120_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  let webm: string;
  /** A transcription server that holds every request until released (a long job in hand). */
  const held: (() => void)[] = [];
  const seen: number[] = [];
  const engine = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(Date.now());
      held.push(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"","segments":[]}'));
    });
  });
  const rest = (who: Actor, path: string, options: Parameters<typeof api>[2] = {}) =>
    api(server, `/api${path}`, as(who, { lang: 'en', ...options }));

  before(async () => {
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({
      TRANSCRIPT_ENGINE: 'http',
      TRANSCRIPT_HTTP_URL: `http://127.0.0.1:${(engine.address() as AddressInfo).port}`,
    });
    teams = await twoTeams(server);
    webm = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rec-abuse-')), 'in.webm');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '1'],
      ...['-c:a', 'libopus', '-y', webm],
    ]);
  });
  after(async () => {
    for (const release of held.splice(0)) release();
    await server?.close();
    engine.close();
  });

  /** A finished recording of `owner`'s team, its transcript failed (so it may be asked for again). */
  async function finished(owner: Actor, companyId: number, floorId: number) {
    const room = await server.models.FloorRoom.findOne({ where: { floorId, number: 9 } });
    const row = await server.models.Recording.create({
      companyId,
      floorId,
      roomId: room!.id,
      roomName: 'tableB',
      floorName: 'F',
      startedBy: owner.user.id,
      startedAt: new Date(),
      endedAt: new Date(),
      status: 'ready',
      transcriptStatus: 'failed',
    });
    const copy = `${webm}.${row.id}`;
    fs.copyFileSync(webm, copy);
    const key = `${companyId}/${row.id}-abuse.webm`;
    await row.update({ storageKey: key, size: await server.features.recordings.storage.put(key, copy) });
    return row;
  }

  it('a team’s regenerations beyond its share are refused while they wait; another team’s job runs next', async () => {
    const floorA = (await floorCalls(() => server).floor(teams.ownerA, { type: 2 })).id;
    const floorB = (await floorCalls(() => server).floor(teams.ownerB, { type: 2 })).id;
    const ours = [];
    for (let i = 0; i < TEAM_WAITING_CAP + 2; i++) ours.push(await finished(teams.ownerA, teams.teamA.id, floorA));
    const theirs = await finished(teams.ownerB, teams.teamB.id, floorB);
    const ask = (who: Actor, id: number) => rest(who, '/recordings/transcript', { body: { recordingId: id } });

    expect((await ask(teams.ownerA, ours[0]!.id)).status).to.equal(200);
    while (held.length === 0) await pause(20); // the first job is in hand, at the engine
    const answers: (string | number)[] = [];
    for (const row of ours.slice(1)) answers.push((await ask(teams.ownerA, row.id)).json.error?.code ?? 200);
    expect(answers).to.deep.equal([...Array(TEAM_WAITING_CAP).fill(200), 'RECORDING_QUEUE_FULL']);
    const refused = await server.models.Recording.findByPk(ours.at(-1)!.id);
    expect(refused!.transcriptStatus).to.equal('failed'); // nothing changed
    expect((await ask(teams.ownerB, theirs.id)).status).to.equal(200);

    // the job in hand ends: team B's goes next, ahead of team A's waiting ones
    const order: number[] = [];
    for (let done = 0; done < TEAM_WAITING_CAP + 2; done++) {
      while (held.length === 0) await pause(20);
      const generating = await server.models.Recording.findAll({ where: { transcriptStatus: 'generating' } });
      order.push(...generating.map((r) => r.id));
      held.shift()!();
    }
    await server.features.recordings.jobs.idle();
    expect(order[0]).to.equal(ours[0]!.id);
    expect(order[1]).to.equal(theirs.id);
  });
});

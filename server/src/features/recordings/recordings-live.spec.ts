import { expect } from 'chai';
import type { ActiveRecordingDto, RecordingDto } from '@tsudoi/common';
import { mediaPeer, mediaWorld, produce } from '../media/media.testing';
import { call, join, next, ok, pause, refused, type Client } from '../floors/live/live.testing';

/**
 * recording:start / stop / list over real Socket.IO and a real mediasoup router
 * (hand-made RTP parameters: no packets flow, so these recordings end failed —
 * the browser test records real media).
 */
/** RECORDING_RECONNECT_GRACE_SECONDS of these tests (30 by default). */
const GRACE_S = 4;

describe('recordings: start and stop in a room', function () {
  this.timeout(90_000);
  const world = mediaWorld({ env: { RECORDING_RECONNECT_GRACE_SECONDS: String(GRACE_S) } });

  const business = async () =>
    world.server.models.Company.update({ plan: 'business' }, { where: { id: world.teams.teamA.id } });
  const recordings = () => world.server.models.Recording.findAll({ raw: true });
  const recordingRow = (id: number) => world.server.models.Recording.findByPk(id, { raw: true });
  const settled = async () => {
    for (let i = 0; i < 100 && (await recordings()).some((r) => ['recording', 'processing'].includes(r.status)); i++)
      await pause(100);
  };

  it('a Starter-plan company is refused with PLAN_FEATURE_UNAVAILABLE, and nothing is recorded', async () => {
    const host = await world.on(world.teams.ownerA);
    await mediaPeer(host);
    expect(await refused(call(host, 'recording:start', {}))).to.deep.equal([
      'PLAN_FEATURE_UNAVAILABLE',
      'Recording, transcripts and minutes are part of the Business plan.',
    ]);
    expect(await recordings()).to.deep.equal([]);
  });

  it('without the recording permission a member is refused; the host records, the room sees it; only the starter stops, while in the room', async () => {
    await business();
    const host = await world.on(world.teams.ownerA);
    const member = await world.on(world.teams.memberA);
    const other = await world.on(world.teams.adminA);
    const peer = await mediaPeer(host);
    await mediaPeer(member);
    await ok(produce(host, peer.send.id, 'mic'));
    await ok(produce(host, peer.send.id, 'camera'));

    expect((await refused(call(member, 'recording:start', {})))[0]).to.equal('RECORDING_NO_PERMISSION');
    const seenByMember = next(member, 'recording:changed', 10_000);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    expect(started).to.include({ roomId: world.room(9).id, startedBy: world.teams.ownerA.user.id });
    expect((await seenByMember).recording).to.deep.equal(started);
    expect(await ok(call<ActiveRecordingDto[]>(other, 'recording:list', {}))).to.deep.equal([started]);
    expect((await refused(call(host, 'recording:start', {})))[0]).to.equal('RECORDING_ALREADY_RUNNING');

    // someone else in the room cannot stop it
    expect((await refused(call(member, 'recording:stop', {})))[0]).to.equal('RECORDING_NOT_OWNER');
    // the starter, out of the room, cannot either (the recording goes on)
    await ok(call(host, 'floor:joinRoom', { roomId: world.room(10).id }));
    expect((await refused(call(host, 'recording:stop', {})))[0]).to.equal('RECORDING_NOT_RUNNING');
    expect(await ok(call<ActiveRecordingDto[]>(member, 'recording:list', {}))).to.have.length(1);
    // back in the room, the starter stops it: everyone is told
    await ok(call(host, 'floor:joinRoom', { roomId: world.room(9).id }));
    const ended = next(member, 'recording:changed', 10_000);
    const failedToStarter = next(host, 'recording:failed', 30_000);
    const failedToOthers: unknown[] = [];
    member.on('recording:failed', (p) => failedToOthers.push(p));
    expect(await ok(call(host, 'recording:stop', {}))).to.deep.equal({ id: started.id });
    expect((await ended).recording).to.equal(null);
    expect(await ok(call<ActiveRecordingDto[]>(member, 'recording:list', {}))).to.deep.equal([]);
    await settled();
    const row = (await recordings()).find((r) => r.id === started.id);
    // no RTP flowed: nothing was recorded, and the row says so
    expect(row).to.include({ id: started.id, status: 'failed', startedBy: world.teams.ownerA.user.id });
    // ... and the one who started it is told it failed to stop (spec's message); nobody else is
    expect(await failedToStarter).to.deep.equal({
      recordingId: started.id,
      floorId: started.floorId,
      roomId: started.roomId,
      code: 'RECORDING_STOP_FAILED',
    });
    expect(failedToOthers).to.deep.equal([]);
  });

  it("the starter's socket drops and a new one joins the floor: the recording goes on, and only the starter (on the new socket) stops it", async () => {
    await business();
    const host = await world.on(world.teams.ownerA);
    const member = await world.on(world.teams.memberA);
    const peer = await mediaPeer(host);
    const memberPeer = await mediaPeer(member);
    await ok(produce(host, peer.send.id, 'mic'));
    await ok(produce(member, memberPeer.send.id, 'mic'));
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));

    // the connection is lost (not a floor:leave): the server sees the socket go
    const gone = new Promise((resolve) => host.once('disconnect', resolve));
    host.io.engine.close();
    await gone;
    await pause(1500); // the room's producers changed: the recorder has moved on, nothing stopped it
    expect(await ok(call<ActiveRecordingDto[]>(member, 'recording:list', {}))).to.deep.equal([started]);
    expect((await recordings()).find((r) => r.id === started.id)?.status).to.equal('recording');
    expect((await refused(call(member, 'recording:stop', {})))[0]).to.equal('RECORDING_NOT_OWNER');

    // the client reconnects: a new socket joins the floor again (its place in the room was kept)
    const back = await world.connect(world.teams.ownerA);
    await join(back, world.floorId);
    expect(await ok(call<ActiveRecordingDto[]>(back, 'recording:list', {}))).to.deep.equal([started]);
    expect((await refused(call(back, 'recording:start', {})))[0]).to.equal('RECORDING_ALREADY_RUNNING');
    expect((await refused(call(member, 'recording:stop', {})))[0]).to.equal('RECORDING_NOT_OWNER');
    const ended = next(member, 'recording:changed', 10_000);
    expect(await ok(call(back, 'recording:stop', {}))).to.deep.equal({ id: started.id });
    expect((await ended).recording).to.equal(null);
    await settled();
  });

  it("a lone starter's connection drops and comes back within the grace period: the same recording goes on (silence meanwhile) until the starter stops it", async () => {
    await business();
    const host = await world.on(world.teams.ownerA);
    const watcher = await world.on(world.teams.memberA, 10);
    const peer = await mediaPeer(host);
    await ok(produce(host, peer.send.id, 'mic'));
    const seen = next(watcher, 'recording:changed', 10_000);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    expect((await seen).recording).to.deep.equal(started);
    const announced: unknown[] = [];
    watcher.on('recording:changed', (e: { recording: unknown }) => announced.push(e.recording));

    // the connection is lost: the starter was alone, so the room's media ends with their socket
    const gone = new Promise((resolve) => host.once('disconnect', resolve));
    host.io.engine.close();
    await gone;
    await pause(2000);
    expect(await ok(call<ActiveRecordingDto[]>(watcher, 'recording:list', {}))).to.deep.equal([started]);
    expect((await recordings()).find((r) => r.id === started.id)?.status).to.equal('recording');

    // back within the grace period (their place in the room was kept): media again, and past the grace
    // period the same recording still runs
    const back = await world.connect(world.teams.ownerA);
    await join(back, world.floorId);
    const again = await mediaPeer(back);
    await ok(produce(back, again.send.id, 'mic'));
    await pause(GRACE_S * 1000 + 1500);
    expect(await ok(call<ActiveRecordingDto[]>(watcher, 'recording:list', {}))).to.deep.equal([started]);
    expect(announced, 'no end announced').to.deep.equal([]);
    // someone in another room has nothing running there to stop
    expect((await refused(call(watcher, 'recording:stop', {})))[0]).to.equal('RECORDING_NOT_RUNNING');
    const ended = next(watcher, 'recording:changed', 10_000);
    expect(await ok(call(back, 'recording:stop', {}))).to.deep.equal({ id: started.id });
    expect((await ended).recording).to.equal(null);
    // one recording, and the time the room's media was away is in it (silence and black, not left out)
    let row;
    for (let i = 0; i < 300 && !['ready', 'failed'].includes((row = await recordingRow(started.id))?.status ?? ''); i++)
      await pause(200);
    expect(
      (await recordings()).filter((r) => r.startedBy === world.teams.ownerA.user.id && r.floorId === world.floorId),
    ).to.have.length(1);
    expect(row).to.include({ status: 'ready' });
    expect(row!.durationMs).to.be.at.least(2000);
  });

  it('a lone starter who does not come back within the grace period: the recording stops then, and not before', async () => {
    await business();
    const host = await world.on(world.teams.ownerA);
    const watcher = await world.on(world.teams.memberA, 10);
    await mediaPeer(host);
    const seen = next(watcher, 'recording:changed', 10_000);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    expect((await seen).recording).to.deep.equal(started);
    const ended = next(watcher, 'recording:changed', GRACE_S * 1000 + 10_000);
    const gone = new Promise((resolve) => host.once('disconnect', resolve));
    host.io.engine.close();
    await gone;
    const lostAt = Date.now();
    expect(await ended).to.deep.equal({ floorId: world.floorId, roomId: started.roomId, recording: null });
    expect(Date.now() - lostAt, 'ms until it stopped').to.be.at.least(GRACE_S * 1000 - 200);
    await settled();
  });

  it('the stage is recorded during a presentation: a speaker records, the audience sees it and cannot stop it', async () => {
    await business();
    const stage = world.room(7).id;
    const host = await world.on(world.teams.ownerA);
    const member = await world.on(world.teams.memberA);
    await ok(call(host, 'presentation:start', { isPrivateRoom: false }));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(call(host, 'floor:joinRoom', { roomId: stage }));
    await ok(call(member, 'floor:joinRoom', { roomId: stage }));
    const speaker = await mediaPeer(host);
    const listener = await mediaPeer(member);
    await ok(produce(host, speaker.send.id, 'mic'));
    // only speakers produce on the stage (features/stage): the audience is recorded through nobody's camera
    expect((await refused(produce(member, listener.send.id, 'camera')))[0]).to.equal('MEDIA_AUDIENCE_CANNOT_PRODUCE');
    const seen = next(member, 'recording:changed', 10_000);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    expect(started).to.include({ roomId: stage, startedBy: world.teams.ownerA.user.id });
    expect((await seen).recording).to.deep.equal(started);
    expect((await refused(call(member, 'recording:stop', {})))[0]).to.equal('RECORDING_NOT_OWNER');
    const ended = next(member, 'recording:changed', 10_000);
    expect(await ok(call(host, 'recording:stop', {}))).to.deep.equal({ id: started.id });
    expect((await ended).recording).to.equal(null);
    await settled();
    expect((await recordings()).find((r) => r.id === started.id)).to.include({ roomName: 'stage' });
  });

  it('a room the host named is recorded under that name: the list shows it in both languages; another company cannot list it', async () => {
    await business();
    const renamed = await world.calls.editRoom(world.teams.ownerA, world.room(9).id, { name: 'Sales room' });
    expect(renamed.status, renamed.text).to.equal(200);
    const host = await world.on(world.teams.ownerA);
    await mediaPeer(host);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    expect(await ok(call(host, 'recording:stop', {}))).to.deep.equal({ id: started.id });
    await settled();
    expect((await recordingRow(started.id))!.roomName).to.equal('Sales room');
    // (read by the host: the member was not in the room, so it is not theirs to watch)
    for (const lang of ['en', 'ja']) {
      const list = await world.calls.call(world.teams.ownerA, `/floors/${world.floorId}/recordings`, { lang });
      const listed = (list.json.data as RecordingDto[]).find((r) => r.id === started.id);
      expect([lang, listed?.roomName]).to.deep.equal([lang, 'Sales room']);
      const detail = await world.calls.call(world.teams.ownerA, `/recordings/${started.id}`, { lang });
      expect((detail.json.data as RecordingDto).roomName).to.equal('Sales room');
    }
    // a room without a name of its own still shows its number's name in the reader's language
    const other = await world.on(world.teams.adminA, 10);
    await mediaPeer(other);
    await ok(call(host, 'floor:joinRoom', { roomId: world.room(10).id }));
    const plain = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    await ok(call(host, 'recording:stop', {}));
    await settled();
    expect((await recordingRow(plain.id))!.roomName).to.equal('tableC');
    for (const [lang, name] of [
      ['en', 'Table C'],
      ['ja', 'テーブルC'],
    ]) {
      const list = await world.calls.call(world.teams.adminA, `/floors/${world.floorId}/recordings`, { lang });
      expect((list.json.data as RecordingDto[]).find((r) => r.id === plain.id)?.roomName).to.equal(name);
    }
    const theirs = await world.calls.call(world.teams.memberB, `/floors/${world.floorId}/recordings`);
    expect([theirs.status, theirs.json.error?.code]).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(JSON.stringify(theirs.json)).not.to.contain('Sales room');
  });

  it('the last one leaving the room stops the recording (a room without media records black and silence: an empty transcript)', async () => {
    await business();
    const host: Client = await world.on(world.teams.ownerA);
    const watcher = await world.on(world.teams.memberA, 10);
    await mediaPeer(host);
    const announced = next(watcher, 'recording:changed', 10_000);
    const started = await ok(call<ActiveRecordingDto>(host, 'recording:start', {}));
    expect((await announced).recording).to.deep.equal(started);
    await pause(2000);
    const ended = next(watcher, 'recording:changed', 10_000);
    await ok(call(host, 'floor:joinRoom', { roomId: world.room(11).id }));
    expect(await ended).to.deep.equal({ floorId: world.floorId, roomId: started.roomId, recording: null });
    await settled();
    await world.server.features.recordings.jobs.idle();
    // nobody sent media: black picture and silence were recorded, and silence has an empty transcript
    expect((await recordings()).find((r) => r.id === started.id)).to.include({
      status: 'ready',
      transcriptStatus: 'empty',
      minutesStatus: 'empty',
    });
  });
});

describe('recordings: a recording that cannot start', function () {
  this.timeout(60_000);
  // a server whose ffmpeg is missing (a broken install): the start fails, as the spec's message says
  const world = mediaWorld({ env: { FFMPEG_PATH: '/nonexistent/bin/ffmpeg' } });

  it('answers RECORDING_START_FAILED, tells nobody it started, and keeps no row', async () => {
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: world.teams.teamA.id } });
    const host = await world.on(world.teams.ownerA);
    const member = await world.on(world.teams.memberA);
    const peer = await mediaPeer(host);
    await mediaPeer(member);
    await ok(produce(host, peer.send.id, 'mic'));
    const seen: unknown[] = [];
    member.on('recording:changed', (p) => seen.push(p));
    expect(await refused(call(host, 'recording:start', {}))).to.deep.equal([
      'RECORDING_START_FAILED',
      'Recording failed to start.',
    ]);
    await pause(300);
    expect(seen).to.deep.equal([]);
    expect(await world.server.models.Recording.count()).to.equal(0);
    expect(await ok(call<ActiveRecordingDto[]>(member, 'recording:list', {}))).to.deep.equal([]);
  });
});

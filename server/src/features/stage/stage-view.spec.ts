import { expect } from 'chai';
import type { PresentationDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, ok, refused, type Client } from '../floors/live/live.testing';
import { mediaWorld } from '../media/media.testing';

/** Issue 15: the host's focused contributor and participant list, synced through presentation:changed. */
describe(`stage: what the host shows everyone (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on } = world;
  const code = async (promise: Promise<unknown>) => (await refused(promise as never))[0];
  const view = (c: Client, payload: unknown) => call<PresentationDto>(c, 'presentation:view', payload);
  const get = async (c: Client) =>
    (await ok(call<{ presentation: PresentationDto }>(c, 'presentation:get', {}))).presentation;

  it('the host focuses a speaker and opens the participant list for everyone; the audience and bad input change nothing', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA, 10);
    const res = await world.calls.register(world.teams.ownerA, world.floorId, [
      { email: world.teams.adminA.user.email, permissions: { speech: true } },
    ]);
    expect(res.status, res.text).to.be.oneOf([200, 201]);
    const adminId = world.teams.adminA.user.id;
    const memberId = world.teams.memberA.user.id;
    const started = await ok(call<PresentationDto>(host, 'presentation:start', {}));
    expect(started).to.include({ focused: null, showParticipants: false });
    await ok(call(admin, 'presentation:join', { role: 'S' }));
    await ok(call(member, 'presentation:join', { role: 'A' }));

    // the audience cannot; only a speaker can be focused; bad input is refused
    expect(await code(view(member, { focused: { userId: adminId, source: 'camera' } }))).to.equal(
      'PRESENTATION_NOT_HOST',
    );
    expect(await code(view(member, { showParticipants: true }))).to.equal('PRESENTATION_NOT_HOST');
    expect(await code(view(host, { focused: { userId: memberId, source: 'camera' } }))).to.equal(
      'PRESENTATION_NOT_SPEAKER',
    );
    const outsider = world.teams.ownerB.user.id;
    expect(await code(view(host, { focused: { userId: outsider, source: 'screen' } }))).to.equal(
      'PRESENTATION_NOT_SPEAKER',
    );
    expect(await code(view(host, { focused: { userId: adminId, source: 'mic' } }))).to.equal('VALIDATION_FAILED');
    expect(await code(view(host, { showParticipants: 'yes' }))).to.equal('VALIDATION_FAILED');
    expect(await get(member)).to.include({ focused: null, showParticipants: false });

    // the host shows the admin's screen large: everyone is told
    const told = next(member, 'presentation:changed');
    const adminTold = next(admin, 'presentation:changed');
    const answer = await ok(view(host, { focused: { userId: adminId, source: 'screen' } }));
    expect(answer.focused).to.deep.equal({ userId: adminId, source: 'screen' });
    expect((await told).presentation?.focused).to.deep.equal({ userId: adminId, source: 'screen' });
    await adminTold;
    // a field left out stays as it is
    const opened = next(admin, 'presentation:changed');
    await ok(view(host, { showParticipants: true }));
    expect((await opened).presentation).to.deep.include({
      focused: { userId: adminId, source: 'screen' },
      showParticipants: true,
    });

    // the focused speaker leaves: nobody is focused any more (each client picks again)
    const left = next(member, 'presentation:changed');
    await ok(call(admin, 'presentation:leave', { leave: true }));
    expect((await left).presentation).to.include({ focused: null, showParticipants: true });
    // the host clears both
    await ok(call(admin, 'presentation:join', { role: 'S' }));
    await ok(view(host, { focused: { userId: adminId, source: 'camera' } }));
    const cleared = await ok(view(host, { focused: null, showParticipants: false }));
    expect(cleared).to.include({ focused: null, showParticipants: false });
  });

  it("another floor's host cannot steer this floor's presentation", async () => {
    const host = await on(world.teams.ownerA);
    await ok(call(host, 'presentation:start', {}));
    const hostId = world.teams.ownerA.user.id;
    const floorB = await world.newFloor(world.teams.ownerB);
    const ownerB = await on(world.teams.ownerB, 9, floorB);
    expect(await code(view(ownerB, { showParticipants: true }))).to.equal('PRESENTATION_NOT_RUNNING');
    await ok(call(ownerB, 'presentation:start', {}));
    // team A's host is a speaker of A's presentation, not of B's
    expect(await code(view(ownerB, { focused: { userId: hostId, source: 'camera' } }))).to.equal(
      'PRESENTATION_NOT_SPEAKER',
    );
    await ok(view(ownerB, { showParticipants: true }));
    expect(await get(host)).to.include({ focused: null, showParticipants: false });
    // a socket on no floor reaches nothing
    const outsider = await world.connect(world.teams.memberB);
    expect(await code(view(outsider, { showParticipants: true }))).to.equal('FLOOR_NOT_JOINED');
  });
});

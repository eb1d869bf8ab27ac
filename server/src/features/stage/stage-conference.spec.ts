import { expect } from 'chai';
import type { PresentationDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, ok, refused, type Client } from '../floors/live/live.testing';
import { mediaWorld } from '../media/media.testing';

describe(`stage: conferences, the all-hands mode (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on } = world;
  const code = async (promise: Promise<unknown>) => (await refused(promise as never))[0];
  const get = async (c: Client) =>
    (await ok(call<{ presentation: PresentationDto | null }>(c, 'presentation:get', {}))).presentation;
  /** Team A's admin gets `permissions` on the current floor (registered first, then changed by the owner). */
  const permit = async (permissions: Record<string, boolean>) => {
    const email = world.teams.adminA.user.email;
    const row = await world.server.models.FloorParticipant.findOne({ where: { floorId: world.floorId, email } });
    const res = row
      ? await world.calls.permit(world.teams.ownerA, row.id, permissions)
      : await world.calls.register(world.teams.ownerA, world.floorId, [{ email, permissions }]);
    expect(res.status, res.text).to.be.oneOf([200, 201]);
  };

  it('is started only with the conference permission (speech is not enough), announced, joined and left', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA, 10);
    await permit({ speech: true });
    // speech alone (a presentation's right) does not start a conference; nothing starts
    expect(await code(call(admin, 'conference:start', {}))).to.equal('CONFERENCE_NO_PERMISSION');
    expect(await code(call(member, 'conference:start', {}))).to.equal('CONFERENCE_NO_PERMISSION');
    expect(await get(host)).to.equal(null);

    await permit({ conference: true });
    const announced = next(member, 'presentation:changed');
    const started = await ok(call<PresentationDto>(admin, 'conference:start', { saveChat: true }));
    expect(started).to.include({ kind: 'conference', saveChat: true, roomId: world.room(7).id });
    expect(started.host.id).to.equal(world.teams.adminA.user.id);
    expect((await announced).presentation?.kind).to.equal('conference');
    // one event on the stage at a time; presentation calls name the kind they are for
    expect(await code(call(host, 'presentation:start', {}))).to.equal('PRESENTATION_ALREADY_RUNNING');

    // anyone on the floor joins as audience; speaking needs the conference permission
    expect(await code(call(member, 'conference:join', { role: 'S' }))).to.equal('CONFERENCE_NO_PERMISSION');
    const joined = await ok(call<PresentationDto>(member, 'conference:join', { role: 'A' }));
    expect(joined.members.find((m) => m.userId === world.teams.memberA.user.id)?.role).to.equal('A');
    expect(await code(call(member, 'presentation:request', {}))).to.equal('CONFERENCE_NO_PERMISSION');
    await ok(call(host, 'conference:join', { role: 'S' })); // the floor's host may always speak
    expect(await ok(call(member, 'conference:leave', { leave: true }))).to.equal(null);
    expect((await get(host))!.members.map((m) => m.userId)).to.not.include(world.teams.memberA.user.id);

    // the audience cannot end it; its host does
    await ok(call(member, 'conference:join', { role: 'A' }));
    expect(await code(call(member, 'conference:stop', {}))).to.equal('PRESENTATION_NOT_HOST');
    const ended = next(member, 'presentation:changed');
    expect(await ok(call(admin, 'conference:stop', {}))).to.equal(null);
    expect((await ended).presentation).to.equal(null);
    expect(await code(call(member, 'conference:join', { role: 'A' }))).to.equal('PRESENTATION_NOT_RUNNING');
  });

  it('keeps conference and presentation calls apart, and refuses another company and a guest-less outsider', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    await ok(call(host, 'presentation:start', {}));
    // a presentation runs: conference calls do not reach it
    expect(await code(call(member, 'conference:join', { role: 'A' }))).to.equal('STAGE_KIND_MISMATCH');
    expect(await code(call(host, 'conference:stop', {}))).to.equal('STAGE_KIND_MISMATCH');
    expect(await code(call(host, 'conference:start', {}))).to.equal('PRESENTATION_ALREADY_RUNNING');
    expect((await get(host))!.kind).to.equal('presentation');
    await ok(call(host, 'presentation:stop', {}));

    // another company's user, on no floor of team A, reaches nothing
    await ok(call(host, 'conference:start', {}));
    const outsider = await world.connect(world.teams.memberB);
    expect(await code(call(outsider, 'conference:join', { role: 'A' }))).to.equal('FLOOR_NOT_JOINED');
    expect(await code(call(outsider, 'conference:stop', {}))).to.equal('FLOOR_NOT_JOINED');
    // team B's owner on their own floor sees no conference there, and cannot end A's
    const floorB = await world.newFloor(world.teams.ownerB);
    const ownerB = await on(world.teams.ownerB, 9, floorB);
    expect(await get(ownerB)).to.equal(null);
    expect(await code(call(ownerB, 'conference:stop', {}))).to.equal('PRESENTATION_NOT_RUNNING');
    expect((await get(host))?.kind).to.equal('conference');
  });
});

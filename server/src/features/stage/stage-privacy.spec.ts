import { expect } from 'chai';
import type { PresentationDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, ok, type Client } from '../floors/live/live.testing';
import { mediaWorld } from '../media/media.testing';

/** Issue 15: the requests to speak and the waiting room go only to those who can act on them. */
describe(`stage: who sees the requests (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on } = world;
  const rowOf = (p: PresentationDto | null | undefined, userId: number) => p?.members.find((m) => m.userId === userId);
  const get = async (c: Client) =>
    (await ok(call<{ presentation: PresentationDto }>(c, 'presentation:get', {}))).presentation;
  /** Every presentation:changed a socket receives from now on. */
  const pushes = (c: Client) => {
    const seen: PresentationDto[] = [];
    c.on('presentation:changed', (e) => e.presentation && seen.push(e.presentation));
    return seen;
  };
  /** Nothing in any of these views shows a request, a call or a waiting row of someone other than `me`. */
  const noneOfOthers = (views: PresentationDto[], me: number) => {
    for (const v of views)
      for (const m of v.members)
        if (m.userId !== me) expect(m, `row of ${m.userId}`).to.include({ requested: null, called: false });
    for (const v of views) expect(v.members.filter((m) => m.role === 'W' && m.userId !== me)).to.deep.equal([]);
  };
  const permissions = async (email: string, permissions: Record<string, boolean>) => {
    const res = await world.calls.register(world.teams.ownerA, world.floorId, [{ email, permissions }]);
    expect(res.status, res.text).to.be.oneOf([200, 201]);
  };

  it("an audience member's socket never gets others' requests to speak; the host and the requester do", async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA, 10);
    await permissions(world.teams.adminA.user.email, { speech: true });
    const adminId = world.teams.adminA.user.id;
    const memberId = world.teams.memberA.user.id;
    await ok(call(host, 'presentation:start', {}));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    const settled = next(member, 'presentation:changed');
    await ok(call(admin, 'presentation:join', { role: 'A' }));
    await settled; // the admin's join, before counting
    const memberSaw = pushes(member);

    const toHost = next(host, 'presentation:changed');
    const toAdmin = next(admin, 'presentation:changed');
    const toMember = next(member, 'presentation:changed');
    const mine = await ok(call<PresentationDto>(admin, 'presentation:request', {}));
    expect(rowOf(mine, adminId)).to.include({ requested: 'S' });
    expect(rowOf((await toHost).presentation, adminId)).to.include({ role: 'A', requested: 'S' });
    expect(rowOf((await toAdmin).presentation, adminId)).to.include({ role: 'A', requested: 'S' });
    // the audience member is told the presentation changed, without the request
    expect(rowOf((await toMember).presentation, adminId)).to.include({ role: 'A', requested: null });
    expect(rowOf(await get(member), adminId)).to.include({ requested: null });
    expect(rowOf(await get(host), adminId)).to.include({ requested: 'S' });

    // admitted: a speaker for everyone
    const admitted = next(member, 'presentation:changed');
    await ok(call(host, 'presentation:admit', { userId: adminId }));
    expect(rowOf((await admitted).presentation, adminId)).to.include({ role: 'S' });
    expect(memberSaw.length).to.equal(2);
    noneOfOthers(memberSaw, memberId);
  });

  it('the waiting room and calls of a private presentation: hidden from the audience, seen by a subhost', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA);
    const admin = await on(world.teams.adminA, 10);
    const adminId = world.teams.adminA.user.id;
    const memberId = world.teams.memberA.user.id;
    await permissions(world.teams.adminA.user.email, { speech: true });
    const started = next(admin, 'presentation:changed');
    await ok(call(host, 'presentation:start', { isPrivateRoom: true }));
    await started;
    const adminSaw = pushes(admin);

    // the member waits outside: they see their own row; the admin (on the floor, not managing) does not
    const toAdmin = next(admin, 'presentation:changed');
    const toHost = next(host, 'presentation:changed');
    const waiting = await ok(call<PresentationDto>(member, 'presentation:join', { role: 'A' }));
    expect(rowOf(waiting, memberId)).to.include({ role: 'W', requested: 'A' });
    expect(rowOf((await toHost).presentation, memberId)).to.include({ role: 'W', requested: 'A' });
    expect(rowOf((await toAdmin).presentation, memberId)).to.equal(undefined);
    expect(rowOf(await get(admin), memberId)).to.equal(undefined);

    // the host calls the admin: only the admin (and the host) see the call
    const toMember = next(member, 'presentation:changed');
    const called = next(admin, 'presentation:changed');
    await ok(call(host, 'presentation:call', { userId: adminId }));
    expect(rowOf((await called).presentation, adminId)).to.include({ role: 'W', called: true });
    const memberView = (await toMember).presentation!;
    expect(rowOf(memberView, adminId)).to.equal(undefined);
    expect(rowOf(memberView, memberId)).to.include({ role: 'W', requested: 'A' });
    expect(adminSaw.length, JSON.stringify(adminSaw)).to.equal(2);
    noneOfOthers(adminSaw, adminId);

    // made a subhost, the admin sees the whole list (the same rule as answering it)
    const row = await world.server.models.FloorParticipant.findOne({
      where: { floorId: world.floorId, email: world.teams.adminA.user.email },
    });
    const res = await world.calls.permit(world.teams.ownerA, row!.id, { speech: true, subhost: true });
    expect(res.status, res.text).to.equal(200);
    const full = await get(admin);
    expect(rowOf(full, memberId)).to.include({ role: 'W', requested: 'A' });
    const pushed = next(admin, 'presentation:changed');
    await ok(call(host, 'presentation:admit', { userId: memberId }));
    expect(rowOf((await pushed).presentation, memberId)).to.include({ role: 'A', requested: null });
    expect(rowOf(await get(admin), adminId)).to.include({ role: 'W', called: true });
  });
});

import { expect } from 'chai';
import { MAX_FLOOR_USERS, type FloorInitialData } from '@tsudoi/common';
import { testDialect } from '../../../testing/databases';
import { actor, type Actor } from '../../companies/fixtures';
import { call, refused, socketOf, type Client } from './live.testing';
import { liveFloorWorld } from './live-world.testing';

/** Spec: a floor holds 50 people at a time. Those who closed their window keep their place but not their share. */
describe(`live floor: the ${MAX_FLOOR_USERS}-person cap counts the people there (${testDialect()})`, function () {
  this.timeout(120_000);
  const world = liveFloorWorld();
  const { on } = world;
  const joinOf = (client: Client) => call<FloorInitialData>(client, 'floor:joinOffice', { floorId: world.floorId });

  it('refuses the next person while the floor is full, lets them in once someone closes their window, and refuses the leaver back', async () => {
    const team = world.teams.teamA.id;
    const people: Actor[] = [world.teams.ownerA, world.teams.adminA];
    for (let n = people.length; n < MAX_FLOOR_USERS; n += 1)
      people.push(await actor(world.server, `colleague-${n}@a.example`, { employmentCompanyId: team }));
    const there = await Promise.all(people.map((who) => on(who)));
    // a second window of someone there is not another person
    expect((await joinOf(await on(world.teams.ownerA))).ok).to.equal(true);

    const late = await socketOf(world.server.url, world.teams.memberA, 'ja');
    world.open.push(late);
    expect(await refused(joinOf(late))).to.deep.equal(['FLOOR_FULL', 'このフロアは満員です（同時に 50 人まで）。']);
    expect(await world.server.models.FloorUser.count({ where: { floorId: world.floorId } })).to.equal(MAX_FLOOR_USERS);

    const leaver = there[MAX_FLOOR_USERS - 1]!;
    const gone = new Promise((resolve) => leaver.once('disconnect', resolve));
    leaver.disconnect();
    await gone;
    await world.server.features.live.flush();
    const watcher = there[0]!;
    const left = new Promise<void>((resolve) =>
      watcher.on('floor:usersChanged', (batch) => {
        if (batch.left?.includes(people[MAX_FLOOR_USERS - 1]!.user.id)) resolve();
      }),
    );
    const admitted = await joinOf(late);
    expect(admitted.ok ? 'ok' : admitted.error.code).to.equal('ok'); // the leaver's place is kept, their share is not

    // nobody is kept out by an empty chair: the entrance's seat of the one who left went to the newcomer
    await left;
    await world.server.features.live.flush();
    const rows = await world.server.models.FloorUser.findAll({ where: { floorId: world.floorId }, raw: true });
    expect(rows).to.have.length(MAX_FLOOR_USERS);
    expect(rows.map((r) => r.userId)).to.include(world.teams.memberA.user.id);
    expect(rows.map((r) => r.userId)).to.not.include(people[MAX_FLOOR_USERS - 1]!.user.id);

    const back = await socketOf(world.server.url, people[MAX_FLOOR_USERS - 1]!, 'en');
    world.open.push(back);
    expect(await refused(joinOf(back))).to.deep.equal(['FLOOR_FULL', 'This floor is full (50 people at a time).']);
  });
});

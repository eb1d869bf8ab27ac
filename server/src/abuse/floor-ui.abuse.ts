import { expect } from 'chai';
import { detailSchema, floorGroupCountsSchema } from '@tsudoi/common';
import { actor } from '../features/companies/fixtures';
import { call, ok, refused } from '../features/floors/live/live.testing';
import { mediaWorld, produce } from '../features/media/media.testing';

/**
 * The server pieces of issue 13 items 8–9 from the attacker's side: the floor
 * lists' tab counts (GET /floors/groups) never count another team's floors,
 * and the refusal of a second screen sharer names the sharer only to someone
 * in the same room (who sees the shared screen anyway).
 */
describe('abuse: the floor UI’s counts and the named screen-share refusal', function () {
  this.timeout(60_000);
  const world = mediaWorld();

  it('tab counts: another team’s floors are never counted; no session, no counts', async () => {
    const { ownerA, ownerB, memberB } = world.teams;
    for (let i = 0; i < 3; i += 1) await world.calls.floor(ownerA, { title: `A ${i}`, type: 2 });
    const counts = async (who: typeof ownerB, path: string) => {
      const res = await world.calls.call(who, path);
      expect(res.status, res.text).to.equal(200);
      return detailSchema(floorGroupCountsSchema).parse(res.json).data;
    };
    const none = { ongoing: 0, upcoming: 0, past: 0, permanent: 0 };
    // team B has no floors: team A's (one from mediaWorld, three here) are invisible to all its people
    expect(await counts(memberB, '/floors/groups')).to.deep.equal(none);
    expect(await counts(ownerB, '/floors/hosted/groups')).to.deep.equal(none);
    expect((await counts(ownerA, '/floors/hosted/groups')).permanent).to.equal(4);
    // an account of no team, and no session at all
    expect(await counts(await actor(world.server, 'loner@elsewhere.example'), '/floors/groups')).to.deep.equal(none);
    const anonymous = await world.calls.call(null, '/floors/groups');
    expect(anonymous.status).to.equal(401);
  });

  it('the sharer’s name goes only to a second sharer in the same room; another room shares on its own', async () => {
    const { host, member, other, a, b, c } = await world.threePeers();
    const screen = await ok(produce(host, a.send.id, 'screen'));
    const [code, message] = await refused(produce(member, b.send.id, 'screen'));
    expect([code, message]).to.deep.equal([
      'SCREEN_ALREADY_SHARED',
      'owner is sharing their screen. Only one person can share at a time.',
    ]);
    // someone in another room of the floor is never refused (their room has its own sharer): no name reaches them
    await ok(produce(other, c.send.id, 'screen'));
    // the refusal reserved nothing: once the host stops, the member shares
    await ok(call(host, 'media:closeProducer', { producerId: screen.producerId }));
    await ok(produce(member, b.send.id, 'screen'));
  });
});

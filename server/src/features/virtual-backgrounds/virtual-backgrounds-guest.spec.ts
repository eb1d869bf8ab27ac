import { expect } from 'chai';
import { pagedSchema, virtualBackgroundSchema, type GuestSession } from '@tsudoi/common';
import { ManualClock } from '../../testing/clock';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { errorOf, floorCalls, twoTeams } from '../floors/fixtures';
import { signGuestToken } from '../floors/guests';
import { guestSession } from '../floors/guests/guests.testing';
import { jpeg, png } from '../uploads/test-images';
import { backgroundCalls, bearer, notBackgrounds } from './virtual-backgrounds.testing';

describe(`virtual backgrounds of guest sessions (${testDialect()})`, function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-12-01T01:00:00Z'); // 10:00 Japan time: the fixture floors run
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = backgroundCalls(() => server);
  const floors = floorCalls(() => server);
  const asPng = (bytes: Buffer) => ({ bytes, name: 'office.png', type: 'image/png' });
  /** The guest's extra parameters: their floor and their own app_id. */
  const paramsOf = (s: GuestSession) => ({ floorId: s.floorId, participantId: s.participantId });
  let onX: GuestSession;
  let onY: GuestSession;

  const guestOn = async (floorId: number, name: string) => {
    const invite = (await server.models.Floor.findByPk(floorId))!.inviteToken;
    return guestSession(server, floorId, invite, name);
  };

  before(async () => {
    server = await startTestServer({}, { clock });
    teams = await twoTeams(server);
    const x = await floors.floor(teams.ownerA, { type: 2 });
    const y = await floors.floor(teams.ownerB, { type: 2, title: 'Other floor' });
    onX = await guestOn(x.id, 'Xavier');
    onY = await guestOn(y.id, 'Yuki');
  });
  after(async () => server?.close());

  it('lets a guest upload, list, download and delete their own backgrounds with their session', async () => {
    const guest = bearer(onX.token);
    const picture = png(3, 3, [200, 40, 40]);
    const up = await calls.upload(guest, asPng(picture), paramsOf(onX));
    expect(up.status, JSON.stringify(up.json)).to.equal(201);
    const mine = virtualBackgroundSchema.parse(up.json.data);
    const row = (await server.models.VirtualBackground.findByPk(mine.id))!;
    expect(row).to.deep.include({ userId: onX.userId, floorId: onX.floorId });
    expect(row.participantId).to.be.a('number');

    const photo = virtualBackgroundSchema.parse(
      (await calls.upload(guest, { bytes: jpeg(), name: 'p.jpg', type: 'image/jpeg' }, paramsOf(onX))).json.data,
    );
    const listed = pagedSchema(virtualBackgroundSchema).parse((await calls.list(guest, paramsOf(onX))).json);
    expect(listed.data.map((b) => b.id)).to.deep.equal([photo.id, mine.id]);
    const got = await calls.download(guest, mine.id);
    expect(got.status).to.equal(200);
    expect(got.bytes.equals(picture)).to.equal(true);
    expect(got.headers.get('x-content-type-options')).to.equal('nosniff');

    expect((await calls.remove(guest, photo.id, paramsOf(onX))).status).to.equal(200);
    const state = await calls.state();
    expect(state.rows.map((r) => r.id)).to.deep.equal([mine.id]);
    expect(state.files).to.deep.equal([row.file]);
  });

  it('refuses a guest upload that is not a JPG or PNG and stores nothing', async () => {
    const before = await calls.state();
    const res = await calls.upload(bearer(onX.token), asPng(notBackgrounds.html), paramsOf(onX));
    expect(errorOf(res)).to.deep.equal([415, 'UNSUPPORTED_FLOOR_IMAGE_FORMAT']);
    expect(await calls.state()).to.deep.equal(before);
  });

  it('keeps a guest of another floor, the floor’s own team and a wrong floor or app_id away', async () => {
    const mine = virtualBackgroundSchema.parse(
      (await calls.upload(bearer(onX.token), asPng(png()), paramsOf(onX))).json.data,
    );
    const userOwn = virtualBackgroundSchema.parse((await calls.upload(teams.ownerA, asPng(png()))).json.data);
    const before = await calls.state();
    const other = bearer(onY.token);
    // the guest of floor Y, with their own session and parameters, cannot reach X's guest's background
    expect(errorOf(await calls.download(other, mine.id))).to.deep.equal([404, 'VIRTUAL_BACKGROUND_NOT_FOUND']);
    expect(errorOf(await calls.remove(other, mine.id, paramsOf(onY)))).to.deep.equal([
      404,
      'VIRTUAL_BACKGROUND_NOT_FOUND',
    ]);
    // ...nor act for floor X with a session of floor Y, nor with another guest's app_id
    expect(errorOf(await calls.list(other, paramsOf(onX)))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await calls.upload(other, asPng(png()), paramsOf(onX)))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await calls.remove(other, mine.id, paramsOf(onX)))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    const borrowed = { floorId: onY.floorId, participantId: onX.participantId };
    expect(errorOf(await calls.list(other, borrowed))).to.deep.equal([404, 'FLOOR_NOT_FOUND']);
    expect(errorOf(await calls.list(other, { floorId: 'x', participantId: '' } as never))).to.deep.equal([
      400,
      'VALIDATION_FAILED',
    ]);
    // the host team's users do not see the guest's background, and the guest does not see theirs
    expect(errorOf(await calls.download(teams.ownerA, mine.id))).to.deep.equal([404, 'VIRTUAL_BACKGROUND_NOT_FOUND']);
    expect(errorOf(await calls.download(bearer(onX.token), userOwn.id))).to.deep.equal([
      404,
      'VIRTUAL_BACKGROUND_NOT_FOUND',
    ]);
    expect(await calls.state()).to.deep.equal(before);
  });

  it('keeps the same guest person’s backgrounds apart per floor (a session is for one floor)', async () => {
    const onX2 = await guestOn(onX.floorId, 'Wanderer');
    const mine = virtualBackgroundSchema.parse(
      (await calls.upload(bearer(onX2.token), asPng(png()), paramsOf(onX2))).json.data,
    );
    // the same guest user holding a session for floor Y as well
    const row = await server.models.FloorParticipant.create({
      floorId: onY.floorId,
      userId: onX2.userId,
      email: `wanderer-y${Date.now()}@guest.invalid`,
      name: 'Wanderer',
      type: 'GUEST',
    });
    const onY2 = {
      ...onX2,
      floorId: onY.floorId,
      participantId: row.publicToken,
      token: signGuestToken(server.config.jwtSecret, { sub: String(onX2.userId), fid: onY.floorId, pid: row.id }).token,
    };
    const before = await calls.state();
    expect((await calls.list(bearer(onY2.token), paramsOf(onY2))).json.data).to.deep.equal([]);
    expect(errorOf(await calls.download(bearer(onY2.token), mine.id))).to.deep.equal([
      404,
      'VIRTUAL_BACKGROUND_NOT_FOUND',
    ]);
    expect(errorOf(await calls.remove(bearer(onY2.token), mine.id, paramsOf(onY2)))).to.deep.equal([
      404,
      'VIRTUAL_BACKGROUND_NOT_FOUND',
    ]);
    expect(await calls.state()).to.deep.equal(before);
    expect((await calls.download(bearer(onX2.token), mine.id)).status).to.equal(200);
  });

  it('takes only guest sessions on guest routes and only user sessions on user routes', async () => {
    const mine = virtualBackgroundSchema.parse(
      (await calls.upload(bearer(onX.token), asPng(png()), paramsOf(onX))).json.data,
    );
    const userOwn = virtualBackgroundSchema.parse((await calls.upload(teams.memberA, asPng(png()))).json.data);
    const before = await calls.state();
    const guest = bearer(onX.token);
    // a guest token on the user routes
    expect(errorOf(await calls.list(guest))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.upload(guest, asPng(png())))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.remove(guest, mine.id))).to.deep.equal([403, 'FORBIDDEN']);
    // a user token on the guest routes, even with a guest's parameters
    expect(errorOf(await calls.list(teams.memberA, paramsOf(onX)))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.upload(teams.memberA, asPng(png()), paramsOf(onX)))).to.deep.equal([403, 'FORBIDDEN']);
    expect(errorOf(await calls.remove(teams.memberA, userOwn.id, paramsOf(onX)))).to.deep.equal([403, 'FORBIDDEN']);
    // no session, or a forged one
    expect(errorOf(await calls.list(null, paramsOf(onX)))).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(errorOf(await calls.list(bearer(`${onX.token}x`), paramsOf(onX)))).to.deep.equal([401, 'UNAUTHORIZED']);
    expect(await calls.state()).to.deep.equal(before);
  });

  it('refuses a guest whose participant row is gone', async () => {
    const late = await guestOn(onX.floorId, 'Leaving');
    await server.models.FloorParticipant.destroy({ where: { publicToken: late.participantId } });
    const res = await calls.list(bearer(late.token), paramsOf(late));
    expect(errorOf(res)).to.deep.equal([401, 'AUTHORIZATION_FAILED']);
  });
});

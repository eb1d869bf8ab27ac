import { expect } from 'chai';
import { companySchema, sessionSchema, userSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { hashPassword } from '../auth/password';
import { actor, api, as, dbState, registerTeam, type Actor } from '../companies/fixtures';
import { floorBody } from '../floors/fixtures';

const PASSWORD = 'taro-pass-123';

describe(`admin: user delete, restore and permanent delete (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: Actor; // a platform admin, signed in through the admin login
  let taro: Actor; // owner of a team, with a password and a refresh token
  let taroRefresh: string;
  let teamId: number;
  let member: Actor;
  const remove = (id: number | string, who: Actor = admin, lang = 'en') =>
    api(server, `/api/admin/users/${id}`, as(who, { method: 'DELETE', lang }));
  const recover = (id: number | string, who: Actor = admin, lang = 'en') =>
    api(server, `/api/admin/users/${id}/recover`, as(who, { method: 'PATCH', lang }));
  const purge = (id: number | string, who: Actor = admin, lang = 'en') =>
    api(server, `/api/admin/users/permanent-delete/${id}`, as(who, { method: 'DELETE', lang }));
  const login = (email: string) => api(server, '/api/auth/login', { body: { email, password: PASSWORD } });
  const me = (who: Actor) => api(server, '/api/auth/me', as(who));
  const row = (id: number) => server.models.User.findByPk(id, { paranoid: false });

  before(async () => {
    server = await startTestServer();
    const passwordHash = await hashPassword(PASSWORD);
    await server.models.User.create({
      name: 'Root',
      email: 'root@platform.example',
      passwordHash,
      verifiedAt: new Date(),
      type: 'admin',
    });
    const signedIn = await api(server, '/api/auth/login/admin', {
      body: { email: 'root@platform.example', password: PASSWORD },
    });
    const adminSession = sessionSchema.parse(signedIn.json);
    admin = {
      user: (await server.models.User.findByPk(adminSession.user.id))!,
      headers: { Authorization: `Bearer ${adminSession.token.accessToken}` },
    };
    await server.models.User.create({ name: 'Taro', email: 'taro@example.jp', passwordHash, verifiedAt: new Date() });
    const session = sessionSchema.parse((await login('taro@example.jp')).json);
    taro = {
      user: (await server.models.User.findByPk(session.user.id))!,
      headers: { Authorization: `Bearer ${session.token.accessToken}` },
    };
    taroRefresh = session.token.refreshToken;
    teamId = (await registerTeam(server, taro, 'Taro Team')).id;
    member = await actor(server, 'member@example.jp', { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' });
  });
  after(() => server?.close());

  it('refuses users (even a team OWNER), and calls without a token, changing nothing', async () => {
    const before = await dbState(server);
    for (const res of [
      await remove(member.user.id, taro),
      await recover(member.user.id, taro),
      await purge(member.user.id, member),
      await api(server, `/api/admin/users/${member.user.id}`, { method: 'DELETE', lang: 'en' }),
    ]) {
      expect(res.status).to.equal(401);
      expect(res.json.error).to.deep.equal({
        code: 'UNAUTHORIZED',
        message: 'You are not signed in or have no permission.',
      });
    }
    expect(await dbState(server)).to.deep.equal(before);
  });

  it('answers 404 for an unknown id and for a platform admin account; 400 for an id that is not one', async () => {
    const before = await dbState(server);
    for (const call of [remove, recover, purge]) {
      const unknown = await call(999_999);
      expect(unknown.status).to.equal(404);
      expect(unknown.json.error).to.deep.equal({ code: 'NOT_FOUND', message: 'Not found.' });
      expect((await call(admin.user.id)).status).to.equal(404);
      const bad = await call('abc');
      expect(bad.status).to.equal(400);
      expect(bad.json.error!.code).to.equal('VALIDATION_FAILED');
    }
    // restoring a user who is not deleted is also "not found" (nothing to restore)
    expect((await recover(member.user.id)).json.error!.code).to.equal('NOT_FOUND');
    expect(await dbState(server)).to.deep.equal(before);
  });

  it('soft delete signs the user out everywhere: token 401, refresh 401, login refused; the seat is freed', async () => {
    expect((await me(taro)).status).to.equal(200);
    const res = await remove(taro.user.id, admin, 'ja');
    expect(res.status).to.equal(200);
    expect(res.json.message).to.equal('ユーザーを削除しました。');
    expect(userSchema.parse(res.json.data)).to.include({ id: taro.user.id, email: 'taro@example.jp' });
    expect((await row(taro.user.id))!.deletedAt).to.be.instanceOf(Date);

    const afterDelete = await me(taro);
    expect(afterDelete.status).to.equal(401);
    expect(afterDelete.json.error!.code).to.equal('UNAUTHORIZED');
    expect((await api(server, '/api/users/me', as(taro))).status).to.equal(401);
    expect((await api(server, '/api/auth/refresh', { body: { refreshToken: taroRefresh } })).status).to.equal(401);
    expect((await login('taro@example.jp')).json.error!.code).to.equal('LOGIN_ACCESS_DENIED');
    const reset = await api(server, '/api/passwords/reset', { lang: 'en', body: { email: 'taro@example.jp' } });
    expect(reset.json.error!.message).to.equal('Email does not exist');

    // the team stays; its member list and seat count no longer include the deleted owner
    const team = await api(server, `/api/company/${teamId}`, as(member));
    expect(companySchema.parse(team.json.data)).to.include({ numberOfEmployees: 1, ownerId: taro.user.id });
    expect((await remove(taro.user.id)).json.error!.code).to.equal('NOT_FOUND'); // already deleted
  });

  it('restore brings the account back: the user signs in again with the same password and team', async () => {
    const res = await recover(taro.user.id, admin, 'en');
    expect(res.status).to.equal(200);
    expect(res.json.message).to.equal('The user was restored.');
    expect((await row(taro.user.id))!.deletedAt).to.equal(null);
    const session = sessionSchema.parse((await login('taro@example.jp')).json);
    expect(session.user).to.include({ id: taro.user.id, employmentCompanyId: teamId, employeeRole: 'OWNER' });
    taro = { user: taro.user, headers: { Authorization: `Bearer ${session.token.accessToken}` } };
    expect((await me(taro)).status).to.equal(200);
    expect((await api(server, '/api/auth/refresh', { body: { refreshToken: taroRefresh } })).status).to.equal(401);
    const team = await api(server, `/api/company/${teamId}`, as(member));
    expect(companySchema.parse(team.json.data).numberOfEmployees).to.equal(2);
  });

  it('permanent delete removes the row, its tokens and invitations; the team stays without an owner', async () => {
    const invited = await api(server, '/api/company-employees/bulk', as(taro, { body: { emails: ['x@example.jp'] } }));
    expect(invited.status).to.equal(201);
    await server.models.EmployeeInvitation.create({
      companyId: teamId,
      email: 'taro@example.jp',
      invitedBy: member.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    // Taro hosts a floor and has invited the member to it.
    const floor = await api(server, '/api/floors', as(taro, { body: floorBody({ type: 2 }) }));
    expect(floor.status, floor.text).to.equal(201);
    const floorId = (floor.json.data as { id: number }).id;
    const register = { floorId, participants: [{ email: member.user.email }] };
    expect((await api(server, '/api/participant/register', as(taro, { body: register }))).status).to.equal(201);
    const id = taro.user.id;
    const res = await purge(id, admin, 'ja');
    expect(res.status).to.equal(200);
    expect(res.json.message).to.equal('ユーザーを完全に削除しました。');
    expect(await row(id)).to.equal(null);
    expect(await server.models.RefreshToken.count({ where: { userId: id } })).to.equal(0);
    expect(await server.models.OneTimeToken.count({ where: { userId: id } })).to.equal(0);
    expect(await server.models.EmployeeInvitation.count()).to.equal(0);
    expect((await server.models.Company.findByPk(teamId))!.ownerId).to.equal(null);
    expect(await server.models.Floor.count({ paranoid: false })).to.equal(0);
    expect(await server.models.FloorRoom.count()).to.equal(0);
    expect(await server.models.FloorParticipant.count()).to.equal(0);
    expect((await me(taro)).status).to.equal(401);
    expect((await purge(id)).json.error!.code).to.equal('NOT_FOUND');
    expect((await recover(id)).json.error!.code).to.equal('NOT_FOUND');
    // the address is free again
    const signup = await api(server, '/api/auth/signup', {
      body: {
        name: 'Taro',
        email: 'taro@example.jp',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        agreeTerms: true,
      },
    });
    expect(signup.status).to.equal(201);
  });

  it('permanently deletes an account that was soft-deleted first', async () => {
    expect((await remove(member.user.id)).status).to.equal(200);
    expect((await purge(member.user.id)).status).to.equal(200);
    expect(await row(member.user.id)).to.equal(null);
  });
});

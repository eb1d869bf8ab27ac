import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { companySchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { gif, jpeg, png } from '../uploads/test-images';
import { actor, api, as, dbState, registerTeam, upload, type Actor } from './fixtures';

describe(`teams: registration, detail, edit and logo (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: Actor;
  let teamId: number;
  let other: Actor;
  let otherTeamId: number;
  const get = (who: Actor, id: number) => api(server, `/api/company/${id}`, as(who));
  const rename = (who: Actor, id: number, name: unknown) =>
    api(server, `/api/company/${id}`, as(who, { method: 'PATCH', body: { name }, lang: 'en' }));
  const logo = (who: Actor, id: number, file: Parameters<typeof upload>[3], field?: string) =>
    upload(server, `/api/company/${id}/logo`, who, file, field);

  before(async () => {
    server = await startTestServer();
    owner = await actor(server, 'owner@a.example');
    other = await actor(server, 'owner@b.example');
    otherTeamId = (await registerTeam(server, other, 'Team B')).id;
  });
  after(() => server?.close());

  describe('registration', () => {
    it('refuses an unconfirmed account and a blank name, creating nothing', async () => {
      const unverified = await actor(server, 'new@a.example', { verifiedAt: null });
      const before = await dbState(server);
      const res = await api(server, '/api/company', as(unverified, { body: { name: 'Nope' } }));
      expect(res.status).to.equal(403);
      expect(res.json.error!.code).to.equal('EMAIL_NOT_VERIFIED');
      const blank = await api(server, '/api/company', as(owner, { body: { name: '   ' }, lang: 'en' }));
      expect(blank.status).to.equal(400);
      expect(blank.json.error!.fields).to.have.property('name');
      expect(await dbState(server)).to.deep.equal(before);
    });

    it('makes the caller OWNER of a new starter team of 5', async () => {
      const res = await api(server, '/api/company', as(owner, { body: { name: '  Team A ' } }));
      expect(res.status).to.equal(201);
      expect(res.json.message).to.equal('チームを登録しました。');
      const team = companySchema.parse(res.json.data);
      expect(team).to.include({ name: 'Team A', plan: 'starter', maxEmployee: 5, numberOfEmployees: 1 });
      expect(team.ownerId).to.equal(owner.user.id);
      teamId = team.id;
      await owner.user.reload();
      expect(owner.user).to.include({ companyId: teamId, employmentCompanyId: teamId, employeeRole: 'OWNER' });
      const row = await server.models.Company.findByPk(teamId);
      expect(row).to.include({ ownerId: owner.user.id, plan: 'starter', maxEmployee: 5 });
    });

    it('refuses a second team to someone already in one (409 ALREADY_JOINED_COMPANY)', async () => {
      const before = await dbState(server);
      const res = await api(server, '/api/company', as(owner, { body: { name: 'Team A2' } }));
      expect(res.status).to.equal(409);
      expect(res.json.error!.code).to.equal('ALREADY_JOINED_COMPANY');
      expect(await dbState(server)).to.deep.equal(before);
    });
  });

  describe('detail and edit', () => {
    it('shows the team to its members only; others get the same 404 as for a team that does not exist', async () => {
      const mine = await get(owner, teamId);
      expect(mine.status).to.equal(200);
      expect(companySchema.parse(mine.json.data).name).to.equal('Team A');
      const theirs = await get(owner, otherTeamId);
      const missing = await get(owner, 999_999);
      expect(theirs.status).to.equal(404);
      expect(theirs.json).to.deep.equal(missing.json);
      expect(theirs.json.error).to.deep.equal({ code: 'TEAM_NOT_FOUND', message: 'チームが見つかりません' });
      expect((await get(other, teamId)).status).to.equal(404);
    });

    it('lets the OWNER and an ADMIN rename it; a plain member gets 403, an outsider 404', async () => {
      expect((await rename(owner, teamId, 'Team Alpha')).json.message).to.equal('The team details were updated.');
      const admin = await actor(server, 'admin@a.example', { employmentCompanyId: teamId, employeeRole: 'ADMIN' });
      const ok = await rename(admin, teamId, 'Team Alpha 2');
      expect(ok.status).to.equal(200);
      expect(companySchema.parse(ok.json.data).name).to.equal('Team Alpha 2');

      const member = await actor(server, 'member@a.example', { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' });
      const before = await dbState(server);
      const refused = await rename(member, teamId, 'Hijacked');
      expect(refused.status).to.equal(403);
      expect(refused.json.error!.code).to.equal('FORBIDDEN');
      const outsider = await rename(other, teamId, 'Hijacked');
      expect(outsider.status).to.equal(404);
      expect(outsider.json.error!.code).to.equal('TEAM_NOT_FOUND');
      expect((await rename(owner, otherTeamId, 'Hijacked')).status).to.equal(404);
      expect(await dbState(server)).to.deep.equal(before);
    });
  });

  describe('logo', () => {
    const uploadsDir = () => path.join(server.config.dataDir, 'uploads');

    it('stores a PNG named .jpg as a PNG under a random name and serves it byte for byte with nosniff', async () => {
      const bytes = png(3, 2);
      const res = await logo(owner, teamId, { bytes, name: 'logo.jpg', type: 'image/jpeg' });
      expect(res.status).to.equal(200);
      expect(res.json.message).to.equal('The team logo was updated.');
      const url = companySchema.parse(res.json.data).logoImageUrl!;
      expect(url).to.match(/^\/api\/files\/[0-9a-f]{32}\.png$/);
      expect(fs.readdirSync(uploadsDir())).to.deep.equal([path.basename(url)]);

      const served = await fetch(`${server.url}${url}`); // no API key: an <img> cannot send one
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.equal('image/png');
      expect(served.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).to.equal(true);
    });

    it('accepts JPEG and GIF, replacing (and removing) the previous file', async () => {
      for (const [bytes, ext, type] of [
        [jpeg(), 'jpg', 'image/jpeg'],
        [gif(), 'gif', 'image/gif'],
      ] as const) {
        const res = await logo(owner, teamId, { bytes, name: `x.${ext}`, type });
        const url = companySchema.parse(res.json.data).logoImageUrl!;
        expect(url.endsWith(`.${ext}`)).to.equal(true);
        expect(fs.readdirSync(uploadsDir())).to.deep.equal([path.basename(url)]);
        const served = await fetch(`${server.url}${url}`);
        expect(served.headers.get('content-type')).to.equal(type);
        expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).to.equal(true);
      }
    });

    it('refuses a text file named .png (415), a file over 3 MB (413) and a missing file, changing nothing', async () => {
      const before = await dbState(server);
      const fake = await logo(owner, teamId, {
        bytes: Buffer.from('just text, honest'),
        name: 'a.png',
        type: 'image/png',
      });
      expect(fake.status).to.equal(415);
      expect(fake.json.error!.code).to.equal('UNSUPPORTED_IMAGE_FORMAT');
      const huge = Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024 + 1 - png().length)]);
      const big = await logo(owner, teamId, { bytes: huge, name: 'big.png', type: 'image/png' });
      expect(big.status).to.equal(413);
      expect(big.json.error).to.deep.equal({
        code: 'FILE_TOO_LARGE',
        message: 'The file is too large (at most 3 MB).',
      });
      const none = await logo(owner, teamId, null);
      expect(none.status).to.equal(400);
      expect(none.json.error!.fields).to.deep.equal({ file: 'file is required' });
      const wrongField = await logo(owner, teamId, { bytes: png(), name: 'a.png', type: 'image/png' }, 'image');
      expect(wrongField.json.error!.fields).to.deep.equal({ file: 'file is required' });
      expect(await dbState(server)).to.deep.equal(before);
    });

    it("refuses another team's logo (404) and a plain member (403) before storing anything", async () => {
      const plain = await actor(server, 'plain@a.example', { employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' });
      const before = await dbState(server);
      const file = { bytes: png(), name: 'a.png', type: 'image/png' };
      expect((await logo(other, teamId, file)).status).to.equal(404);
      expect((await logo(owner, otherTeamId, file)).json.error!.code).to.equal('TEAM_NOT_FOUND');
      expect((await logo(plain, teamId, file)).json.error!.code).to.equal('FORBIDDEN');
      expect(await dbState(server)).to.deep.equal(before);
    });
  });

  describe('serving files', () => {
    it('answers 404 for any name it could not have made, including path tricks', async () => {
      for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2fconfig.ts', 'a.svg', `${'0'.repeat(32)}.png`, 'x.png']) {
        const res = await fetch(`${server.url}/api/files/${name}`);
        expect(res.status, name).to.equal(404);
        expect(res.headers.get('content-type'), name).to.match(/application\/json/);
      }
    });
  });
});

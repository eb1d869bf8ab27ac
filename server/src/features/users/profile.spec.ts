import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { avatarColour, employeeRowSchema, pagedSchema, userSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { actor, api, as, dbState, registerTeam, upload, type Actor, type UploadFile } from '../companies/fixtures';
import { gif, jpeg, png } from '../uploads/test-images';

describe(`profile: view, edit and avatar (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let me: Actor;
  let admin: Actor;
  const view = (who: Actor, lang = 'en') => api(server, '/api/users/me', as(who, { lang }));
  const edit = (who: Actor, body: unknown, lang = 'en') =>
    api(server, '/api/users/me', as(who, { method: 'PATCH', body, lang }));
  const avatar = (who: Actor, file: UploadFile | null) => upload(server, '/api/users/me/avatar', who, file);
  const uploadsDir = () => path.join(server.config.dataDir, 'uploads');
  const stored = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

  before(async () => {
    server = await startTestServer();
    me = await actor(server, 'hanako@example.jp', { name: 'Hanako Sato' });
    admin = await actor(server, 'root@platform.example', { type: 'admin' });
  });
  after(() => server?.close());

  describe('view', () => {
    it('answers the signed-in user with an avatar colour derived from the name', async () => {
      const res = await view(me);
      expect(res.status).to.equal(200);
      const user = userSchema.parse(res.json.data);
      expect(user).to.include({ id: me.user.id, email: 'hanako@example.jp', name: 'Hanako Sato', locale: 'ja' });
      expect(user).to.not.have.property('passwordHash');
      expect(user.avatarColor)
        .to.match(/^#[0-9A-F]{6}$/)
        .and.equal(avatarColour('Hanako Sato'));
      // the same name gives the same colour for anyone; the hash ignores case and outer spaces
      const twin = await actor(server, 'twin@example.jp', { name: 'Hanako Sato' });
      expect(userSchema.parse((await view(twin)).json.data).avatarColor).to.equal(user.avatarColor);
      expect(avatarColour('  hanako SATO ')).to.equal(user.avatarColor);
    });

    it('refuses no token (401), and an admin token (the admin strategy is separate)', async () => {
      const none = await api(server, '/api/users/me', { lang: 'en' });
      expect(none.status).to.equal(401);
      expect(none.json.error).to.deep.equal({
        code: 'UNAUTHORIZED',
        message: 'You are not signed in or have no permission.',
      });
      expect((await view(admin)).json.error!.code).to.equal('UNAUTHORIZED');
      expect((await edit(admin, { name: 'Root' })).status).to.equal(401);
      expect((await avatar(admin, { bytes: png(), name: 'a.png', type: 'image/png' })).status).to.equal(401);
    });
  });

  describe('edit', () => {
    it('changes name, country and language; the avatar colour follows the new name', async () => {
      const res = await edit(me, { name: '  Hanako Suzuki ', country: 'jp', locale: 'en' }, 'ja');
      expect(res.status).to.equal(200);
      expect(res.json.message).to.equal('プロフィールを更新しました。');
      const user = userSchema.parse(res.json.data);
      expect(user).to.include({ name: 'Hanako Suzuki', country: 'JP', locale: 'en' });
      expect(user.avatarColor).to.equal(avatarColour('Hanako Suzuki'));
      const row = await server.models.User.findByPk(me.user.id);
      expect(row).to.include({ name: 'Hanako Suzuki', country: 'JP', locale: 'en' });
      expect(userSchema.parse((await view(me)).json.data).name).to.equal('Hanako Suzuki');

      const cleared = await edit(me, { country: null });
      expect(userSchema.parse(cleared.json.data)).to.include({ country: null, name: 'Hanako Suzuki' });
      const longest = await edit(me, { name: 'x'.repeat(100) }); // the limit itself is allowed
      expect(userSchema.parse(longest.json.data).name).to.have.length(100);
      expect((await edit(me, { name: 'Hanako Suzuki' })).status).to.equal(200);
    });

    it('refuses each bad field with the spec §5 message in the caller language, changing nothing', async () => {
      const before = await dbState(server);
      const en = await edit(me, { name: '   ', country: 'XX', locale: 'fr' });
      expect(en.status).to.equal(400);
      expect(en.json.error!.code).to.equal('VALIDATION_FAILED');
      expect(en.json.error!.fields).to.deep.equal({
        name: 'Name is required',
        country: 'Choose a valid country code (e.g. JP)',
        locale: 'Choose ja or en',
      });
      const ja = await edit(me, { name: 'x'.repeat(101), country: 'ZZ' }, 'ja');
      expect(ja.json.error!.fields).to.deep.equal({
        name: '100 文字以内で入力してください',
        country: '国コードが正しくありません（例：JP）',
      });
      const blankJa = await edit(me, { name: '' }, 'ja');
      expect(blankJa.json.error!.fields).to.deep.equal({ name: '名前を入力してください' });
      const malformed = await api(server, '/api/users/me', as(me, { method: 'PATCH', rawBody: '{"name":' }));
      expect(malformed.json.error!.code).to.equal('MALFORMED_JSON');
      expect(await dbState(server)).to.deep.equal(before);
    });

    it('ignores fields a user may not set (e-mail, account type, role, team, verification)', async () => {
      const before = await dbState(server);
      const res = await edit(me, {
        email: 'evil@example.jp',
        type: 'admin',
        employeeRole: 'OWNER',
        employmentCompanyId: 1,
        verifiedAt: null,
        avatarImageUrl: '/etc/passwd',
      });
      expect(res.status).to.equal(200);
      expect(userSchema.parse(res.json.data)).to.include({
        email: 'hanako@example.jp',
        type: 'user',
        employeeRole: null,
        employmentCompanyId: null,
        avatarImageUrl: null,
      });
      expect(await dbState(server)).to.deep.equal(before);
    });

    it('lets an unconfirmed account edit its profile (e.g. its language) but not store a picture', async () => {
      const fresh = await actor(server, 'fresh@example.jp', { verifiedAt: null });
      expect((await edit(fresh, { locale: 'en' })).status).to.equal(200);
      const before = await dbState(server);
      const res = await avatar(fresh, { bytes: png(), name: 'a.png', type: 'image/png' });
      expect(res.status).to.equal(403);
      expect(res.json.error!.code).to.equal('EMAIL_NOT_VERIFIED');
      expect(await dbState(server)).to.deep.equal(before);
    });
  });

  describe('avatar', () => {
    it('stores JPG, PNG and GIF by the type sniffed from the bytes, replacing the previous file', async () => {
      let previous: string | null = null;
      for (const [bytes, name, declared, ext] of [
        [png(4, 4), 'me.gif', 'image/gif', 'png'],
        [jpeg(), 'me.png', 'application/octet-stream', 'jpg'],
        [gif(), 'me', 'image/png', 'gif'],
      ] as const) {
        const res = await avatar(me, { bytes, name, type: declared });
        expect(res.status, name).to.equal(200);
        expect(res.json.message).to.equal('Your profile picture was updated.');
        const url = userSchema.parse(res.json.data).avatarImageUrl!;
        expect(url).to.match(new RegExp(`^/api/files/[0-9a-f]{32}\\.${ext}$`));
        expect(url).to.not.equal(previous);
        expect(stored()).to.deep.equal([path.basename(url)]);
        const served = await fetch(`${server.url}${url}`);
        expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).to.equal(true);
        expect((await server.models.User.findByPk(me.user.id))!.avatarImageUrl).to.equal(url);
        previous = url;
      }
    });

    it('refuses a non-image (415), a file over 3 MB (413) and no file (400), keeping the current picture', async () => {
      const before = await dbState(server);
      const text = await avatar(me, {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'a.png',
        type: 'image/png',
      });
      expect(text.status).to.equal(415);
      expect(text.json.error).to.deep.equal({
        code: 'UNSUPPORTED_IMAGE_FORMAT',
        message: 'Unsupported image format. Use JPG, PNG or GIF.',
      });
      const webp = Buffer.from('524946461a000000574542505650384c0d0000002f0000001007101111888808', 'hex');
      expect((await avatar(me, { bytes: webp, name: 'a.webp', type: 'image/webp' })).status).to.equal(415);
      const exactly = Buffer.concat([jpeg(), Buffer.alloc(3 * 1024 * 1024 + 1 - jpeg().length)]);
      const big = await avatar(me, { bytes: exactly, name: 'big.jpg', type: 'image/jpeg' });
      expect(big.status).to.equal(413);
      expect(big.json.error).to.deep.equal({
        code: 'FILE_TOO_LARGE',
        message: 'The file is too large (at most 3 MB).',
      });
      const none = await avatar(me, null);
      expect(none.status).to.equal(400);
      expect(none.json.error!.fields).to.deep.equal({ file: 'file is required' });
      expect(await dbState(server)).to.deep.equal(before);
    });

    it('accepts a picture of exactly 3 MB ("at most 3 MB"), byte for byte', async () => {
      const bytes = Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024 - png().length)]);
      const res = await avatar(me, { bytes, name: 'max.png', type: 'image/png' });
      expect(res.status).to.equal(200);
      const url = userSchema.parse(res.json.data).avatarImageUrl!;
      expect(stored()).to.deep.equal([path.basename(url)]);
      expect(fs.readFileSync(path.join(uploadsDir(), path.basename(url))).equals(bytes)).to.equal(true);
    });

    it("shows the picture and the name's colour in the team member list", async () => {
      await registerTeam(server, me, 'Team Profile');
      const res = await api(server, '/api/company-employees', as(me));
      const [row] = pagedSchema(employeeRowSchema).parse(res.json).data;
      const user = userSchema.parse((await view(me)).json.data);
      expect(row).to.include({ id: user.id, avatarImageUrl: user.avatarImageUrl, avatarColor: user.avatarColor });
      expect(row!.avatarImageUrl).to.match(/^\/api\/files\//);
    });
  });
});

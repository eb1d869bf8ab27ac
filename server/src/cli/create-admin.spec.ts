import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { sessionSchema, userSchema } from '@tsudoi/common';
import { REPO_ROOT } from '../config';
import { createSequelize } from '../db';
import { createLogger } from '../lib/logger';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDialect } from '../testing/databases';
import { call } from '../testing/http';
import { CliError, createAdmin } from './admins';
import { readAdminPassword } from './password-prompt';

const run = promisify(execFile);

describe(`platform admins: the admin:create CLI and admin login (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  const api = (p: string, options: Parameters<typeof call>[2] = {}) => call(server.url, p, options);
  const PASSWORD = 'ops-password-1';

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('creates a verified admin with a normalised e-mail and a hashed password', async () => {
    const admin = await createAdmin(server.models, { email: ' Ops@Example.JP ', name: ' Ops ', password: PASSWORD });
    expect(admin).to.include({ email: 'ops@example.jp', name: 'Ops', type: 'admin' });
    expect(admin.verifiedAt).to.be.instanceOf(Date);
    expect(admin.passwordHash)
      .to.match(/^scrypt\$/)
      .and.not.contain(PASSWORD);
  });

  it('refuses a duplicate e-mail (an admin or a user, in any case) and bad input, creating nothing', async () => {
    await server.models.User.create({ name: 'U', email: 'user@example.jp', passwordHash: null, verifiedAt: null });
    const count = await server.models.User.count({ paranoid: false });
    const attempts = [
      [{ email: 'OPS@example.jp', name: 'Again', password: PASSWORD }, /ops@example\.jp already exists/],
      [{ email: 'user@example.jp', name: 'User', password: PASSWORD }, /already exists/],
      [{ email: 'not-an-email', name: 'X', password: PASSWORD }, /valid e-mail/],
      [{ email: 'x@example.jp', name: ' ', password: PASSWORD }, /--name is required/],
      [{ email: 'x@example.jp', name: 'X', password: 'short' }, /8 to 128 characters/],
      [{ email: 'x@example.jp', name: 'X', password: 'p'.repeat(129) }, /8 to 128 characters/],
    ] as const;
    for (const [input, message] of attempts) {
      const error = await createAdmin(server.models, input).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).to.be.instanceOf(CliError).with.property('message').that.matches(message);
    }
    expect(await server.models.User.count({ paranoid: false })).to.equal(count);
  });

  it('takes the password from ADMIN_PASSWORD, and refuses without it when there is no terminal', async () => {
    const io = {
      stdin: Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.ReadStream,
      stdout: new PassThrough(),
    };
    expect(await readAdminPassword({ ADMIN_PASSWORD: 'from-env-123' }, io)).to.equal('from-env-123');
    const error = await readAdminPassword({}, io).catch((e: unknown) => e);
    expect(error)
      .to.be.instanceOf(CliError)
      .with.property('message')
      .that.matches(/ADMIN_PASSWORD/);
  });

  it('on a terminal asks twice without echoing, honours backspace, and refuses a mismatch', async () => {
    const terminal = () => {
      const stdin = Object.assign(new PassThrough(), { isTTY: true, raw: false });
      const rawModes: boolean[] = [];
      Object.assign(stdin, { setRawMode: (on: boolean) => rawModes.push(on) });
      const stdout = new PassThrough();
      let shown = '';
      stdout.on('data', (chunk: Buffer) => (shown += chunk.toString()));
      const typeLines = async (...lines: string[]) => {
        for (const line of lines) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          stdin.write(line);
        }
      };
      return { io: { stdin: stdin as unknown as NodeJS.ReadStream, stdout }, rawModes, shown: () => shown, typeLines };
    };
    const ok = terminal();
    const [password] = await Promise.all([
      readAdminPassword({}, ok.io),
      ok.typeLines('secret-passX\u007f1\r', 'secret-pass1\r'),
    ]);
    expect(password).to.equal('secret-pass1');
    expect(ok.shown()).to.contain('Password').and.contain('Repeat').and.not.contain('secret');
    expect(ok.rawModes).to.deep.equal([true, false, true, false]);

    const mismatch = terminal();
    const [error] = await Promise.all([
      readAdminPassword({}, mismatch.io).catch((e: unknown) => e),
      mismatch.typeLines('secret-pass1\r', 'secret-pass2\r'),
    ]);
    expect(error).to.be.instanceOf(CliError).with.property('message', 'The passwords do not match.');
  });

  it('an admin signs in on the admin login and reaches /auth/me as type admin; user-only routes refuse the token', async () => {
    const res = await api('/api/auth/login/admin', { body: { email: 'ops@example.jp', password: PASSWORD } });
    expect(res.status).to.equal(200);
    const session = sessionSchema.parse(res.json);
    expect(session.user.type).to.equal('admin');
    const auth = { Authorization: `Bearer ${session.token.accessToken}` };
    const me = await api('/api/auth/me', { headers: auth });
    expect(me.status).to.equal(200);
    expect(userSchema.parse(me.json.data)).to.include({ email: 'ops@example.jp', type: 'admin' });
    expect((await api('/api/tokens/resend', { headers: auth })).status).to.equal(401);
  });

  it('an admin cannot use the user login, and a user cannot use the admin login', async () => {
    const asUser = await api('/api/auth/login', { body: { email: 'ops@example.jp', password: PASSWORD } });
    expect(asUser.status).to.equal(401);
    expect(asUser.json.error!.code).to.equal('LOGIN_ACCESS_DENIED');

    const signup = await api('/api/auth/signup', {
      body: {
        name: 'Mina',
        email: 'mina@example.jp',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        agreeTerms: true,
      },
    });
    expect(signup.status).to.equal(201);
    expect((await api('/api/auth/login', { body: { email: 'mina@example.jp', password: PASSWORD } })).status).to.equal(
      200,
    );
    const asAdmin = await api('/api/auth/login/admin', { body: { email: 'mina@example.jp', password: PASSWORD } });
    expect(asAdmin.status).to.equal(401);
    expect(asAdmin.json.error!.code).to.equal('LOGIN_ACCESS_DENIED');
  });
});

describe('npm run admin:create (the real CLI, spawned)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-cli-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('migrates a new SQLite database and creates the admin; a second run with the same e-mail fails with exit 1', async () => {
    const databaseUrl = `sqlite:${path.join(dir, 'cli.sqlite')}`;
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: 'spawned-pass-1',
    };
    const args = [
      '--import',
      'tsx',
      'server/src/cli/create-admin.ts',
      '--email',
      'Cli@Example.jp',
      '--name',
      'CLI Ops',
    ];
    const { stdout } = await run(process.execPath, args, { cwd: REPO_ROOT, env });
    expect(stdout).to.match(/Created platform admin #1 cli@example\.jp \(sqlite\)/);
    expect(stdout).to.not.contain('spawned-pass-1');

    const again = await run(process.execPath, args, { cwd: REPO_ROOT, env }).catch((e: unknown) => e);
    expect(again).to.include({ code: 1 });
    expect((again as { stderr: string }).stderr).to.match(
      /^An account with the e-mail cli@example\.jp already exists\.\n$/,
    );

    const sequelize = createSequelize(databaseUrl, createLogger('silent'));
    const [rows] = await sequelize.query('SELECT email, type, verified_at, password_hash FROM users');
    await sequelize.close();
    expect(rows).to.have.length(1);
    const [row] = rows as { email: string; type: string; verified_at: string | null; password_hash: string }[];
    expect(row).to.include({ email: 'cli@example.jp', type: 'admin' });
    expect(row!.verified_at).to.not.equal(null);
  });
});

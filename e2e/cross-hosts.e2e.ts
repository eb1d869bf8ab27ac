import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Health } from '@tsudoi/common';
import { REPO_ROOT } from '../server/src/config';
import { freshDatabase, type BenchDb } from '../server/src/testing/server-process';
import { reachable, requireService } from '../server/src/testing/services';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer } from '../server/src/testing/test-server';
import { pageFactory, type Account } from './support/auth';
import { CHROMIUM_ARGS } from './support/browser';
import { createPermanentFloor, createTeam } from './support/floors';
import { canMakeHosts, forwardTcp, Hosts } from './support/hosts';
import { openLive } from './support/live';
import { member, moveTo, RECORD_PEER_CONNECTIONS, receiving } from './support/media';

const DEPLOY = path.join(REPO_ROOT, 'resources/deploy');
const PORT = 8080;

/** `Key=value` lines of a systemd unit or an environment file. */
const settings = (file: string): Record<string, string> =>
  Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Za-z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

const haveNginx = () => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Waits for a line matching `pattern` on the child's stdout (or its exit). */
function printed(child: ChildProcess, pattern: RegExp, ms = 60_000): Promise<void> {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not printed within ${ms} ms:\n${out.slice(-3000)}`)), ms);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`exited (${code}):\n${out.slice(-3000)}`)));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (!pattern.test(out)) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Sends the signal and waits for the process to end. */
function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return ended;
}

/** A process's answer to GET /api/health, fetched from inside a host's namespace (as a client there would). */
async function healthFrom(hosts: Hosts, ns: string, url: string): Promise<Health> {
  const child = hosts.spawn(ns, process.execPath, [
    '-e',
    `fetch(${JSON.stringify(url)}).then((r) => r.text()).then((t) => process.stdout.write(t))`,
  ]);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out) as Health;
}

describe('two hosts behind nginx: people on either host see and hear each other (network namespaces)', function () {
  this.timeout(300_000);
  const undo: (() => unknown)[] = [];
  let hosts: Hosts | undefined;

  before(async function () {
    if (!canMakeHosts() || !haveNginx()) {
      if (process.env.CI === 'true') throw new Error('CI runs as root with iproute2 and nginx (npm run setup)');
      this.skip();
    }
    await requireService(this, 'Redis', '127.0.0.1', 6379);
    await requireService(this, 'MariaDB', '127.0.0.1', 3306);
  });
  after(async () => {
    for (const step of undo.splice(0).reverse()) await Promise.resolve(step()).catch(() => undefined);
    hosts?.close();
  });

  it('two people on two hosts talk in one room, then present and watch on the stage; the media home is killed and media comes back', async () => {
    hosts = Hosts.create();
    const h = hosts;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-hosts-'));
    fs.chmodSync(dir, 0o755); // nginx's workers (not root) keep large answers in its temporary folders here
    undo.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // MariaDB and Redis of this machine, on its address of the network
    for (const port of [3306, 6379]) {
      const forward: net.Server = await forwardTcp({ host: h.gateway, port }, { host: '127.0.0.1', port });
      undo.push(() => forward.close());
    }

    // a fresh database, migrated and filled by a server on this machine (sign-ups confirmed by mail)
    const db: BenchDb = await freshDatabase('mysql', dir);
    undo.push(() => db.drop());
    const smtp: SmtpSink = await startSmtpSink();
    undo.push(() => smtp.close());
    const setup = await startTestServer({ DATABASE_URL: db.url, SMTP_URL: smtp.url });
    const { owner } = await createTeam(setup, smtp, 'hosts', false);
    const other = await member(setup, smtp, owner, 'hosts-b');
    const floorId = await createPermanentFloor(setup, owner, 'Two hosts');
    const secrets = { JWT_SECRET: setup.config.jwtSecret, API_KEY: setup.config.apiKey };
    await setup.close();

    // two server hosts, each started as resources/deploy/tsudoi.service starts it, with its environment file
    const unit = settings(path.join(DEPLOY, 'tsudoi.service'));
    const [node, ...args] = unit.ExecStart!.split(' ');
    const example = settings(path.join(DEPLOY, 'tsudoi.env.example'));
    const nginxUrl = `http://${h.gateway}:8088`;
    const databaseUrl = db.url.replace('127.0.0.1', h.gateway);
    const servers: { ns: string; address: string; child: ChildProcess }[] = [];
    for (const label of ['a', 'b']) {
      const host = h.add(label);
      const env: Record<string, string> = {
        ...example,
        ...secrets,
        ADMIN_KEY: 'hosts-admin-key',
        PORT: String(PORT),
        DATABASE_URL: databaseUrl,
        REDIS_URL: `redis://${h.gateway}:6379`,
        PUBLIC_URL: nginxUrl,
        TRUST_PROXY: h.gateway,
        MEDIASOUP_ANNOUNCED_IP: host.address,
        MEDIASOUP_NUM_WORKERS: '1',
        DATA_DIR: path.join(dir, label),
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...(process.env.MEDIASOUP_WORKER_BIN ? { MEDIASOUP_WORKER_BIN: process.env.MEDIASOUP_WORKER_BIN } : {}),
        ...(process.env.TEST_UI_DIST_DIR ? { UI_DIST_DIR: process.env.TEST_UI_DIST_DIR } : {}),
      };
      delete env.SMTP_URL; // mail goes to the outbox under DATA_DIR
      const child = h.spawn(host.ns, fs.existsSync(node!) ? node! : process.execPath, args, {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      undo.push(() => stopped(child, 'SIGKILL'));
      // one at a time, as docs/operations.md says (the first one migrates)
      await printed(child, /Tsudoi is running at/);
      servers.push({ ...host, child });
    }

    // nginx in front, on this machine's address, with the upstream lines of the two hosts
    const site = fs
      .readFileSync(path.join(DEPLOY, 'nginx-tsudoi.conf'), 'utf8')
      .replace(/^ {4}server \d+\.\d+\.\d+\.\d+:\d+ (.*)$/gm, '')
      .replace(
        'hash $remote_addr consistent;',
        `hash $remote_addr consistent;\n${servers.map((s) => `    server ${s.address}:${PORT} max_fails=1 fail_timeout=10s;`).join('\n')}`,
      )
      .replace('listen 80;', `listen ${h.gateway}:8088;`);
    fs.writeFileSync(path.join(dir, 'tsudoi.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;\npid ${dir}/nginx.pid;\nevents {}\nhttp {\n  access_log off;\n` +
        `  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n` +
        // this machine's nginx runs from a test folder: answers stream through memory, none parked on disk
        `  proxy_max_temp_file_size 0;\n  include ${dir}/tsudoi.conf;\n}\n`,
    );
    const nginx = spawn(
      'nginx',
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'nginx-error.log'), '-g', 'daemon off;'],
      { stdio: 'ignore' },
    );
    undo.push(() => stopped(nginx, 'SIGTERM'));
    for (let i = 0; i < 50 && !(await reachable(h.gateway, 8088)); i++) await new Promise((r) => setTimeout(r, 100));

    // client machines: nginx sends each client address to one host; take one client for each host
    const workerPid = async (ns: string, url: string) => (await healthFrom(h, ns, url)).media.workers[0]!.pid;
    const pidOf = new Map<number, number>();
    for (const [i, s] of servers.entries())
      pidOf.set(await workerPid(s.ns, `http://${s.address}:${PORT}/api/health`), i);
    const clients: ({ ns: string; address: string } | undefined)[] = [undefined, undefined];
    for (let tries = 0; tries < 12 && clients.some((c) => !c); tries++) {
      const client = h.add(`c${tries}`);
      const landed = pidOf.get(await workerPid(client.ns, `${nginxUrl}/api/health`));
      if (landed !== undefined && !clients[landed]) clients[landed] = client;
    }
    expect(clients.every(Boolean), 'a client address for each host').to.equal(true);

    // each person's browser on their own client machine, through nginx
    const browsers: Browser[] = [];
    const pageOn = async (client: { ns: string }, who: Account): Promise<Page> => {
      const browser = await chromium.launch({
        executablePath: h.wrapper(client.ns, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
        // nginx terminates TLS in a real deployment; here the plain-http origin is treated as the secure one it stands for
        args: [...CHROMIUM_ARGS, `--unsafely-treat-insecure-origin-as-secure=${nginxUrl}`],
      });
      browsers.push(browser);
      undo.push(() => browser.close());
      const page = await openLive(
        pageFactory(() => browser).open,
        { url: nginxUrl } as Parameters<typeof openLive>[1],
        floorId,
        who,
        RECORD_PEER_CONNECTIONS,
      );
      await moveTo(page, 9);
      return page;
    };
    const pageA = await pageOn(clients[0]!, owner);
    const pageB = await pageOn(clients[1]!, other);
    for (const page of [pageA, pageB]) await receiving(page, 1, 1, 30_000);
    const routers = async () =>
      Promise.all(
        servers.map(async (s) =>
          (await healthFrom(h, s.ns, `http://${s.address}:${PORT}/api/health`)).media.workers.reduce(
            (n, w) => n + w.routers,
            0,
          ),
        ),
      );
    const before = await routers();
    expect(before, "the room on the first joiner's host, its media home").to.deep.equal([1, 0]);

    // a presenter on one host, a viewer on the other: the presenter's camera and microphone reach the viewer
    await pageA.getByRole('button', { name: 'プレゼンテーションを開始' }).click();
    await pageA.getByRole('region', { name: 'プレゼンテーション' }).waitFor();
    await pageB.getByRole('status').getByRole('button', { name: '視聴者として参加' }).click();
    await pageB.getByRole('region', { name: 'プレゼンテーション' }).waitFor();
    // the presenter keeps the camera and microphone she had (issue 28); the audience's are off
    await pageA
      .getByRole('region', { name: 'プレゼンテーション' })
      .getByRole('button', { name: 'ビデオを停止' })
      .waitFor();
    await receiving(pageB, 1, 1, 30_000);
    // the stage is a hall: the viewer's host receives it on its own router, the presenter's camera piped there
    const onStage = await routers();
    expect(onStage, "the stage at its home, a hall router on the viewer's host").to.deep.equal([1, 1]);

    // kill -9 the media home while they talk: media comes back, without a reload
    const home = servers[0]!;
    const pcs = (page: Page) =>
      page.evaluate(() => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length);
    const counts = [await pcs(pageA), await pcs(pageB)];
    const killed = Date.now();
    home.child.kill('SIGKILL');
    // the presenter's page keeps sending (its own peer connections come back); the viewer receives again
    const back = await Promise.all(
      [pageA, pageB].map(async (page, i) => {
        await page.waitForFunction(
          (n) => (window as unknown as { __peerConnections: unknown[] }).__peerConnections.length >= n + 2,
          counts[i]!,
          { timeout: 30_000 },
        );
        if (page === pageB) await receiving(page, 1, 1, 30_000);
        return Date.now() - killed;
      }),
    );
    process.stdout.write(`      media back ${back.join(' ms and ')} ms after the media home was killed\n`);
    const survivor = servers.find((s) => s !== home)!;
    const left = await healthFrom(h, survivor.ns, `http://${survivor.address}:${PORT}/api/health`);
    expect(
      left.media.workers.reduce((n, w) => n + w.routers, 0),
      'the room re-homed on the other host',
    ).to.equal(1);
    expect(Math.max(...back), 'media back within 5 s of the kill').to.be.below(5_000);
  });
});

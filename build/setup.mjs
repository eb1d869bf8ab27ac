#!/usr/bin/env node
/**
 * npm run setup — installs everything Tsudoi needs on a fresh machine, with
 * no dependencies of its own (it runs before node_modules exists):
 *   1. checks Node, 2. installs Debian packages it needs (when root with apt),
 *   3. provides the mediasoup worker (prebuilt download when the network allows
 *      it, otherwise built once from the package's sources and cached),
 *   4. installs npm dependencies (skipped when nothing changed),
 *   5. builds the floor UI and the admin UI, 6. prepares data/.
 * Environment: TSUDOI_OFFLINE=1 forces the source build of the worker;
 * TSUDOI_SKIP_BROWSER=1 skips installing Chromium (only tests need it).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from './lib/apt.mjs';
import { ensureMediasoupWorker, isUsableWorker, MEDIASOUP_VERSION, workerCachePath } from './mediasoup-worker.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const timings = [];

async function step(name, fn) {
  const t = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  const result = await fn();
  const seconds = ((Date.now() - t) / 1000).toFixed(1);
  timings.push([name, seconds]);
  process.stdout.write(`✔ ${name} (${seconds} s)\n`);
  return result;
}

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status}`);
}

/** Can this machine reach GitHub, where mediasoup and Electron fetch their prebuilt binaries? */
async function canDownloadPrebuilt() {
  if (process.env.TSUDOI_OFFLINE === '1') return false;
  try {
    const { address } = await Promise.race([
      dns.lookup('github.com'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('dns timeout')), 3000)),
    ]);
    return await new Promise((resolve) => {
      const socket = net.connect({ host: address, port: 443 });
      socket.setTimeout(3000, () => (socket.destroy(), resolve(false)));
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  } catch {
    return false;
  }
}

const sha = (...parts) => crypto.createHash('sha256').update(parts.join('\0')).digest('hex');
const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

async function main() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    throw new Error(`Node ${process.versions.node} is too old: use 20.19 or newer.`);

  if (process.env.TSUDOI_SKIP_BROWSER !== '1' && process.platform === 'linux') {
    // fonts-noto-cjk is also the font embedded in attendance PDFs; poppler-utils renders them in tests;
    // pocketsphinx transcribes recordings offline; flite speaks the recording test's sentence; nginx-light and
    // iproute2 run the deployment recipe across hosts made with network namespaces (e2e/cross-hosts.e2e.ts)
    await step('System packages (Chromium, Japanese fonts, coturn, ffmpeg, poppler, PocketSphinx, flite, nginx)', () =>
      ensureDebianPackages([
        'chromium',
        'fonts-noto-cjk',
        'coturn',
        'ffmpeg',
        'poppler-utils',
        'pocketsphinx',
        'pocketsphinx-en-us',
        'flite',
        'nginx-light',
        'iproute2',
      ]),
    );
  }

  const worker = await step(`mediasoup ${MEDIASOUP_VERSION} worker`, async () => {
    if (process.env.MEDIASOUP_WORKER_BIN) return { bin: process.env.MEDIASOUP_WORKER_BIN, mode: 'given' };
    if (isUsableWorker(workerCachePath(MEDIASOUP_VERSION)))
      return { bin: workerCachePath(MEDIASOUP_VERSION), mode: 'cached' };
    if (await canDownloadPrebuilt()) return { bin: undefined, mode: 'prebuilt download' };
    console.log(
      'No route to the prebuilt binaries: building the worker from the package sources (about 4 minutes, once).',
    );
    return {
      bin: await ensureMediasoupWorker({ version: MEDIASOUP_VERSION, log: console.log }),
      mode: 'built from source',
    };
  });
  console.log(`  worker: ${worker.mode}${worker.bin ? ` → ${worker.bin}` : ''}`);

  await step('npm dependencies', () => {
    const offline = worker.mode !== 'prebuilt download';
    const lock = read(path.join(root, 'package-lock.json'));
    const stampFile = path.join(root, 'node_modules', '.tsudoi-setup-stamp');
    const stamp = sha(lock, read(path.join(root, 'package.json')), process.version, worker.bin ?? '');
    if (lock && read(stampFile) === stamp) return console.log('  up to date');
    const env = offline ? { MEDIASOUP_WORKER_BIN: worker.bin, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } : {};
    run('npm', lock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'], env);
    fs.writeFileSync(stampFile, stamp);
  });

  await step('Build the floor UI and the admin UI', () => {
    const built = Math.min(
      fs.statSync(path.join(root, 'desktop/dist/web/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
      fs.statSync(path.join(root, 'web-admin/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
    );
    const sources = Math.max(
      ...['common/src', 'desktop/src/renderer', 'web-admin/src', 'resources'].map((d) =>
        newestMtime(path.join(root, d)),
      ),
      ...['desktop/vite.config.ts', 'web-admin/vite.config.ts', 'web-admin/index.html', 'package-lock.json'].map(
        (f) => fs.statSync(path.join(root, f), { throwIfNoEntry: false })?.mtimeMs ?? 0,
      ),
    );
    if (built > sources) return console.log('  up to date');
    run('npm', ['run', 'build']);
  });

  await step('Data folders', () => {
    for (const dir of ['data', 'data/outbox', 'data/uploads']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  });

  const total = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nSetup finished in ${total} s.`);
  for (const [name, seconds] of timings) console.log(`  ${seconds.padStart(7)} s  ${name}`);
  console.log('\nNext: npm start   (runs Tsudoi)   or   npm test   (runs every test)\n');
}

main().catch((error) => {
  console.error(`\nSetup failed: ${error.message}\n`);
  process.exit(1);
});

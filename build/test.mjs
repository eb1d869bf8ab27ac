#!/usr/bin/env node
/**
 * npm test — the whole suite, in stages, with one closing line
 * "tests: N passed, N failed, N skipped":
 *   1. typecheck every workspace      2. lint (eslint + prettier + no import circles)
 *   3. unit + integration on SQLite   4. server integration on MariaDB/MySQL
 *   5. browser tests in Chromium (+ Electron tests, skipped without its binary)
 * MariaDB: TEST_MYSQL_URL, else mysql://root@127.0.0.1:3306 when it answers;
 * absent on a developer machine it is skipped with a notice, in CI it fails.
 *   6. abuse: the attacker's and victim's side against the real server (server/src/abuse/*.abuse.ts)
 * Run one stage with `npm test -- <stage>` (typecheck, lint, unit, mysql, e2e, abuse);
 * `npm run test:abuse` is the abuse stage alone.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const only = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
const report = [];
// what failed, repeated under the closing line: CI shows only the tail of a long run
const failures = [];

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (process.stdout.write(d), (out += d)));
    child.stderr.on('data', (d) => (process.stderr.write(d), (out += d)));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const reachable = (host, port) =>
  new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function stage(name, fn) {
  if (only && only !== name) return;
  const t = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const ok = await fn();
  const seconds = ((Date.now() - t) / 1000).toFixed(1);
  report.push(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) process.exitCode = 1;
}

async function check(label, cmd, args) {
  const { code } = await run(cmd, args);
  if (code === 0) totals.passed += 1;
  else totals.failed += 1;
  if (code !== 0) console.log(`✘ ${label} failed`);
  if (code !== 0) failures.push(`✘ ${label} failed`);
  return code === 0;
}

async function mocha(globs, env = {}, extra = []) {
  const { code, out } = await run(
    process.execPath,
    [
      path.join(root, 'node_modules/mocha/bin/mocha.js'),
      ...['-n', 'import=tsx', '-n', `import=${path.join(root, 'build/test-hooks.mjs')}`],
      ...['--timeout', '60000', ...extra, ...globs],
    ],
    // components compile with React's automatic JSX runtime, so a unit spec may render one
    { TSX_TSCONFIG_PATH: path.join(root, 'build/tsconfig.unit.json'), ...env },
  );
  const count = (word) => Number(out.match(new RegExp(`^\\s+(\\d+) ${word}`, 'm'))?.[1] ?? 0);
  totals.passed += count('passing');
  totals.failed += count('failing');
  totals.skipped += count('pending');
  const failing = out.search(/^\s+\d+ failing/m);
  if (failing >= 0) failures.push(out.slice(failing).split('\n').slice(0, 80).join('\n'));
  else if (code !== 0) failures.push(`✘ mocha ${globs.join(' ')} exited ${code}:\n${out.slice(-3000)}`);
  return code === 0;
}

const UNIT = [
  'common/src/**/*.spec.ts',
  'common/ui/src/**/*.spec.ts',
  'server/src/**/*.spec.ts',
  'desktop/src/**/*.spec.ts',
  'web-admin/src/**/*.spec.ts',
];

await stage('typecheck', async () => {
  let ok = true;
  for (const project of [
    'common',
    'common/ui',
    'server',
    'desktop/tsconfig.json',
    'desktop/tsconfig.main.json',
    'web-admin',
    'e2e',
  ]) {
    ok = (await check(`tsc -p ${project}`, bin('tsc'), ['-p', project])) && ok;
  }
  return ok;
});

await stage('lint', async () => {
  const eslint = await check('eslint', bin('eslint'), ['--max-warnings', '0', '.']);
  const prettier = await check('prettier', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
  const circles = await check('import circles', process.execPath, [path.join(root, 'build/check-circles.mjs')]);
  const map = await check('feature imports', process.execPath, [path.join(root, 'build/check-feature-imports.mjs')]);
  return eslint && prettier && circles && map;
});

await stage('unit', () => mocha(UNIT, { TEST_MYSQL_URL: '' }));

await stage('mysql', async () => {
  const url = process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306';
  const { hostname, port } = new URL(url);
  if (!(await reachable(hostname, Number(port || 3306)))) {
    if (process.env.CI === 'true') {
      console.log(`✘ MariaDB/MySQL is not reachable at ${hostname}:${port} (required in CI)`);
      totals.failed += 1;
      return false;
    }
    console.log(`MariaDB/MySQL not reachable at ${hostname}:${port}: skipped (set TEST_MYSQL_URL to run it).`);
    return true;
  }
  return mocha(['server/src/**/*.spec.ts'], { TEST_MYSQL_URL: url }, ['--grep', '\\(mysql\\)']);
});

await stage('e2e', async () => {
  const { code } = await run('npm', ['run', 'build']);
  if (code !== 0) {
    totals.failed += 1;
    return false;
  }
  // the first screen's size budget: what every page open downloads before anything shows
  const budget = await check('first-screen budget', process.execPath, [path.join(root, 'build/check-first-chunk.mjs')]);
  const browsers = await mocha(['e2e/**/*.e2e.ts', 'desktop/e2e/**/*.electron.ts'], { TEST_MYSQL_URL: '' });
  return budget && browsers;
});

await stage('abuse', () => mocha(['server/src/abuse/**/*.abuse.ts'], { TEST_MYSQL_URL: '' }));

if (failures.length > 0) console.log(`\n━━ what failed ━━\n${failures.join('\n\n')}`);
console.log(`\n${report.join('\n')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);

/**
 * Guest identity flood (issue 25 §7): one address mints as many account-less
 * guest identities as a public floor's link gives it and floods the server
 * with reconnecting sockets that send read events, while other teams' people
 * use the product over REST. Prints those people's request latency quiet and
 * under the flood (their ratio is the target: within 2×), the server's RSS
 * (the target: less than 200 MB more) and what the attacker got.
 *
 *   node --import tsx bench/guest-flood.ts [--victims 20] [--rate 10] [--phases 3] [--seconds 6]
 *
 * The server runs as a child process (its bundle, as `npm start` runs it,
 * SQLite), the attacker as another, niced, so its CPU stands for another
 * machine's. Quiet and flood windows alternate, so the machine's own noise
 * falls on both sides alike; the quiet windows are the baseline of the same
 * run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { API_KEY, CLK_TCK, freshDatabase, procStats, simulatedAddress, startServer } from './support/server-process';
import { setupFloors } from '../server/src/testing/floor-setup';
import { pct, Samples } from '../server/src/testing/samples';
import { benchArgs } from './support/args';
import type { GuestFloodPlan, GuestFloodReport } from './support/guest-flooder';

const values = benchArgs(
  'Guest identity flood (docs/benchmarks.md).\n\n  node --import tsx bench/guest-flood.ts [options]',
  {
    victims: { number: 20, help: "other teams' people using the product over REST" },
    rate: { number: 10, help: 'requests a second of each of them' },
    phases: { number: 3, help: 'flood windows (each between two quiet ones)' },
    seconds: { number: 6, help: 'length of each window' },
    identities: { number: 60, help: 'guest identities the attacker tries to mint' },
    sockets: { number: 6, help: 'sockets each identity keeps trying to open' },
    'cpu-prof': { text: 'DIR', help: "write the server's V8 CPU profile into DIR (bench/cpu-profile.ts sums it up)" },
  },
);
const FLOODER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'guest-flooder.ts');
const ATTACKER = '203.0.113.99';
const log = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-guest-flood-'));
const db = await freshDatabase('sqlite', tmp);
const { child: server, url } = await startServer({
  dataDir: path.join(tmp, 'data'),
  databaseUrl: db.url,
  cpuProfDir: values['cpu-prof'],
});
const pid = server.pid!;
try {
  // the attacker's target: team 0's public floor; the victims: team 1's people
  const [target, home] = await setupFloors(url, db.url, 2, values.victims + 1);
  const victims = home!.members.slice(1, values.victims + 1);

  // the victims: each asks for their account and their floor, `rate` times a second, from their own address
  let window: Samples | null = null;
  let failed = 0;
  let running = true;
  const victim = async (token: string, i: number) => {
    const headers = {
      Accept: 'application/json',
      'x-api-key': API_KEY,
      Authorization: `Bearer ${token}`,
      'x-forwarded-for': simulatedAddress(i + 1),
    };
    const paths = ['/api/auth/me', `/api/floors/${home!.floorId}`];
    for (let n = 0; running; n++) {
      const due = performance.now() + 1000 / values.rate;
      const t0 = performance.now();
      const res = await fetch(url + paths[n % 2]!, { headers }).catch(() => null);
      await res?.arrayBuffer();
      if (!res?.ok) failed++;
      window?.push(performance.now() - t0);
      await pause(Math.max(0, due - performance.now()));
    }
  };
  const victimsDone = Promise.all(victims.map((m, i) => victim(m.token, i)));

  const plan: GuestFloodPlan = {
    url,
    apiKey: API_KEY,
    floorId: target!.floorId,
    inviteToken: target!.inviteToken!,
    address: ATTACKER,
    identities: values.identities,
    socketsPerIdentity: values.sockets,
    eventsPerConnection: 20,
  };
  const attacker = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', FLOODER, JSON.stringify(plan)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: attacker.stdout! });
  const outLines: string[] = [];
  lines.on('line', (l) => outLines.push(l));
  while (!outLines.includes('ready')) await pause(20);
  const command = (c: string) => attacker.stdin!.write(`${c}\n`);

  await pause(3000); // warm-up: JIT, first queries
  const rssBefore = procStats(pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, procStats(pid).rss)), 200);
  const quiet: Samples[] = [];
  const flood: Samples[] = [];
  const cpu = { quiet: 0, flood: 0 };
  const phase = async (into: Samples[], kind: 'quiet' | 'flood') => {
    window = null;
    await pause(500); // what was on its way at the switch belongs to neither side
    const samples = new Samples();
    window = samples;
    const ticks = procStats(pid).ticks;
    await pause(values.seconds * 1000 - 500);
    window = null;
    cpu[kind] += (procStats(pid).ticks - ticks) / CLK_TCK;
    into.push(samples);
  };
  for (let i = 0; i < values.phases; i++) {
    await phase(quiet, 'quiet');
    command('go');
    await phase(flood, 'flood');
    command('stop');
  }
  await phase(quiet, 'quiet');
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, procStats(pid).rss);
  command('end');
  while (outLines.length < 2) await pause(20);
  const report = JSON.parse(outLines.at(-1)!) as GuestFloodReport;
  running = false;
  await victimsDone;

  const q = Samples.merge(...quiet).sorted();
  const f = Samples.merge(...flood).sorted();
  const windowS = values.seconds - 0.5;
  log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  log(
    `victims (${values.victims} × ${values.rate}/s REST, other team): ` +
      `quiet p50 ${pct(q, 50).toFixed(1)} ms, p99 ${pct(q, 99).toFixed(1)} ms (${q.length}); ` +
      `flood p50 ${pct(f, 50).toFixed(1)} ms, p99 ${pct(f, 99).toFixed(1)} ms (${f.length}); ` +
      `p99 ratio ${(pct(f, 99) / pct(q, 99)).toFixed(2)}× (target ≤ 2×); failed requests ${failed}`,
  );
  log(`server RSS: ${mb(rssBefore)} before, peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}; target < +200 MB)`);
  log(
    `server CPU: ${((cpu.quiet / ((values.phases + 1) * windowS)) * 100).toFixed(0)} % of a core quiet, ` +
      `${((cpu.flood / (values.phases * windowS)) * 100).toFixed(0)} % under the flood`,
  );
  log(`attacker: ${report.minted} identities minted, refused ${JSON.stringify(report.mintRefused)}`);
  log(`attacker: ${report.connects} sockets connected, refused ${JSON.stringify(report.connectErrors)}`);
  log(`attacker: ${report.sent} events sent, answered ${JSON.stringify(report.answers)}`);
  attacker.kill('SIGKILL');
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await db.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { API_KEY, CLK_TCK, freshDatabase, procStats, startServer } from '../testing/server-process';
import { setupFloors } from '../testing/floor-setup';
import { pct, Samples } from '../testing/samples';
import { Movers } from './support/movers';
import type { FloodPlan, FloodReport } from './support/flooder';

/**
 * Issue 13 item 4, the flood case: one guest and one attacker account flood
 * the server with read events, floor events, events without an
 * acknowledgement, made-up events, deeply nested and oversized payloads from
 * as many sockets as they can open; the floor's other members must not be
 * slowed down (their move fan-out p99 within 2× the quiet p99) and the
 * server's memory must not grow without bound (RSS +200 MB at most).
 *
 * The server runs as a child process (its RSS read from /proc), the attacker
 * as another, niced, so its CPU stands for another machine's. The attackers
 * first enter the floor like anyone (18 people entering at once is not the
 * flood); then quiet and flood windows alternate, so that the shared
 * machine's own noise falls on both sides alike (PHASES × FLOOD_MS of flood
 * in all). While stopped the attackers send nothing; on each go their open
 * sockets flood again and the dropped ones try to come back.
 */
const FLOODER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'flooder.ts');
const MEMBERS = 10;
const MOVE_PERIOD_MS = 500;
/** Quiet and flood windows, alternating: quiet, flood, quiet, flood… quiet. */
const PHASES = 6;
const QUIET_MS = 2_000;
const FLOOD_MS = 2_500;
const ATTACKER_ADDRESS = '203.0.113.66';
const log = (line: string) => process.stdout.write(`      ${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The attacker process: `ready()` once its sockets joined, `go()` / `stop()` the flood, `end()` its report. */
function runFlooder(plan: FloodPlan) {
  const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', FLOODER, JSON.stringify(plan)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  const report = new Promise<FloodReport>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as FloodReport) : reject(new Error(out)),
    ),
  );
  const command = (line: string) => child.stdin!.write(`${line}\n`);
  return {
    child,
    ready: () => ready,
    go: () => command('go'),
    stop: () => command('stop'),
    end: () => (command('end'), report),
  };
}

async function joinAsGuest(url: string, floorId: number, appId: string): Promise<string> {
  const res = await fetch(`${url}/api/floors/${floorId}/join-guest`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ participantId: appId, name: 'Flooding guest' }),
  });
  const json = (await res.json()) as { data?: { token: string } };
  if (res.status !== 201 || !json.data) throw new Error(`join-guest: ${res.status} ${JSON.stringify(json)}`);
  return json.data.token;
}

describe('socket flood: one guest and one account flooding from many sockets (child-process server)', function () {
  this.timeout(180_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-flood-'));
  let server: ChildProcess | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  let movers: Movers | undefined;
  let flooder: ChildProcess | undefined;
  const logLines: string[] = [];

  const stopAll = async () => {
    movers?.close();
    flooder?.kill('SIGKILL');
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await dropDb?.();
    [movers, flooder, server, dropDb] = [undefined, undefined, undefined, undefined];
  };
  after(async () => {
    await stopAll();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps the others’ fan-out p99 within 2× quiet and RSS growth under 200 MB, refusing the flood', async function () {
    // a measurement on a shared machine: another process's burst can land in a flood window. Up to two more
    // tries (each a fresh server); a real regression fails all three.
    this.retries(2);
    await stopAll(); // what an earlier try left running
    const dir = fs.mkdtempSync(path.join(tmp, 'try-')); // each try its own database and files
    const db = await freshDatabase('sqlite', dir);
    dropDb = db.drop;
    const started = await startServer({
      dataDir: path.join(dir, 'data'),
      databaseUrl: db.url,
      env: { LOG_LEVEL: 'warn' },
      onOutput: (chunk) => logLines.push(...chunk.split('\n').filter(Boolean)),
    });
    server = started.child;
    const pid = server.pid!;
    const [floor] = await setupFloors(started.url, db.url, 1, MEMBERS + 1);
    const attacker = floor!.members.at(-1)!;
    const guestToken = await joinAsGuest(started.url, floor!.floorId, floor!.inviteToken!);

    const members = await Movers.join(started.url, floor!.floorId, floor!.members.slice(0, MEMBERS));
    movers = members;
    members.start(MOVE_PERIOD_MS);
    await pause(3000); // warm-up: JIT, first queries, GC

    // one more socket than each cap allows: 6 + 1 for the guest, 12 + 1 for the account
    const plan: FloodPlan = {
      url: started.url,
      floorId: floor!.floorId,
      sockets: [
        ...Array.from({ length: 7 }, (_, i) => ({ token: guestToken, address: ATTACKER_ADDRESS, oversized: i === 0 })),
        ...Array.from({ length: 13 }, (_, i) => ({
          token: attacker.token,
          address: ATTACKER_ADDRESS,
          oversized: i === 0,
        })),
      ],
      reconnectMs: 50,
    };
    const run = runFlooder(plan);
    flooder = run.child;
    await run.ready();
    await pause(1000);
    const rssBefore = procStats(pid).rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, procStats(pid).rss)), 250);
    const quiet = { samples: [] as Samples[], refusals: new Map<string, number>(), cpu: 0 };
    const flood = { samples: [] as Samples[], refusals: new Map<string, number>(), cpu: 0 };
    const linesBefore = logLines.length;
    const phase = async (into: typeof quiet, ms: number) => {
      members.takeSamples(); // what was on its way at the switch belongs to neither side
      await pause(500);
      members.takeSamples();
      const ticks = procStats(pid).ticks;
      await pause(ms - 500);
      const taken = members.takeSamples();
      into.samples.push(taken.samples);
      for (const [code, n] of taken.refusals) into.refusals.set(code, (into.refusals.get(code) ?? 0) + n);
      into.cpu += (procStats(pid).ticks - ticks) / CLK_TCK;
    };
    for (let i = 0; i < PHASES; i++) {
      await phase(quiet, QUIET_MS);
      run.go();
      await phase(flood, FLOOD_MS);
      run.stop();
    }
    await phase(quiet, QUIET_MS);
    const report = await run.end();
    const floodLines = logLines.slice(linesBefore);
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, procStats(pid).rss);
    members.stop();
    const quietCpu = quiet.cpu / (((PHASES + 1) * (QUIET_MS - 500)) / 1000);
    const floodCpu = flood.cpu / ((PHASES * (FLOOD_MS - 500)) / 1000);

    const quietSorted = Samples.merge(...quiet.samples).sorted();
    const floodSorted = Samples.merge(...flood.samples).sorted();
    const [q50, q99, f50, f99] = [
      pct(quietSorted, 50),
      pct(quietSorted, 99),
      pct(floodSorted, 50),
      pct(floodSorted, 99),
    ];
    const answered = Object.values(report.answers).reduce((a, b) => a + b, 0);
    log(
      `members' move fan-out, quiet: p50 ${q50.toFixed(1)} ms, p99 ${q99.toFixed(1)} ms (${quietSorted.length} samples)`,
    );
    log(
      `members' move fan-out, flood: p50 ${f50.toFixed(1)} ms, p99 ${f99.toFixed(1)} ms (${floodSorted.length} samples)`,
    );
    log(`server RSS: ${mb(rssBefore)} before, peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)})`);
    log(
      `server CPU: ${(quietCpu * 100).toFixed(0)} % of a core quiet, ${(floodCpu * 100).toFixed(0)} % during the flood`,
    );
    log(`attacker: ${report.sent} events sent, ${answered} answered ${JSON.stringify(report.answers)}`);
    log(`attacker: ${report.connects} connects, refused ${JSON.stringify(report.connectErrors)}`);
    log(`attacker: disconnected ${JSON.stringify(report.disconnects)}`);
    log(`server log: ${floodLines.length} lines while the flood went on and off (${(PHASES * FLOOD_MS) / 1000} s)`);

    // the flood happened and was refused from the catalogue: rate limits, then every flooding socket
    // disconnected, the extra sockets over the caps refused, and the reconnect storm refused, then dropped
    expect(report.sent).to.be.above(5000);
    expect(report.answers.RATE_LIMITED ?? 0).to.be.above(100);
    expect(report.answers.ok ?? 0).to.be.below(report.sent / 10);
    expect(report.connectErrors.TOO_MANY_CONNECTIONS ?? 0).to.be.above(0);
    const closedForSize = (report.disconnects['transport close'] ?? 0) + (report.disconnects['transport error'] ?? 0);
    expect(closedForSize, 'closed for a message over 128 KB').to.be.at.least(2);
    expect((report.disconnects['io server disconnect'] ?? 0) + closedForSize).to.be.at.least(18);
    expect(report.connectErrors.RATE_LIMITED ?? 0).to.be.above(100);
    // the others did not notice
    const expected = (phases: number, ms: number) => ((phases * (ms - 500)) / MOVE_PERIOD_MS) * MEMBERS * (MEMBERS - 1);
    // the members kept moving (a loaded machine delays some moves past their window)
    expect(quietSorted.length).to.be.above(expected(PHASES + 1, QUIET_MS) * 0.5);
    expect(floodSorted.length).to.be.above(expected(PHASES, FLOOD_MS) * 0.5);
    // no limit may refuse a member's move
    const refusedMembers = [...quiet.refusals, ...flood.refusals];
    expect(refusedMembers, 'members’ moves refused').to.deep.equal([]);
    expect(f99).to.be.at.most(2 * q99);
    expect(rssPeak - rssBefore).to.be.below(200 * 1024 * 1024);
  });
});

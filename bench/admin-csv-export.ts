/**
 * Admin CSV export benchmark (issue 19): streams the participant log as CSV
 * and prints how much the server's RSS grows while it does.
 *
 *   node --import tsx bench/admin-csv-export.ts [--rows 100000] [--no-slow]
 *   npm run bench:admin-csv
 *
 * 1. Starts the real server as a child process (server/src/testing/child-server.ts)
 *    on a fresh SQLite file; this process fills the same database through the
 *    models: one team, 200 accounts, one floor, `rows` enter/leave rows.
 * 2. Baseline in the same run: the same export call answering only its
 *    header (a filter that matches nothing), twice, then the server's RSS.
 * 3. The export of every row, read by a fast client (and, unless --no-slow,
 *    again by a slow one that pauses between chunks: the server must wait
 *    for the socket instead of buffering). RSS is sampled from /proc every
 *    20 ms; the figure is the peak minus the baseline. Target: < 50 MB.
 */
import { performance } from 'node:perf_hooks';
import { startChildServer, type ChildServer } from '../server/src/testing/child-server';
import { benchArgs } from './support/args';
import { floorRow } from '../server/src/testing/floor-row';

const values = benchArgs('Admin CSV export benchmark (docs/benchmarks.md).\n\n  npm run bench:admin-csv -- [options]', {
  rows: { number: 100000, help: 'enter/leave rows in the participant log' },
  'no-slow': { flag: true, help: 'do not read the export again with a slow reader' },
});
const ROWS = values.rows;
const MB = 1024 * 1024;

async function fill(server: ChildServer) {
  const { models } = server;
  const owner = await models.User.create({
    name: '山田 花子',
    email: 'owner@bench.example',
    passwordHash: null,
    verifiedAt: new Date(),
  });
  const company = await models.Company.create({ name: '山田商事株式会社', ownerId: owner.id });
  const users = [owner];
  const more = await models.User.bulkCreate(
    Array.from({ length: 199 }, (_, i) => ({
      name: `社員 ${i + 1}`,
      email: `member${i}@bench.example`,
      passwordHash: null,
      verifiedAt: new Date(),
      employmentCompanyId: company.id,
      employeeRole: 'EMPLOYEE' as const,
    })),
  );
  users.push(...more);
  const floor = await floorRow(models, company.id, owner.id, { title: '全社フロア, "本社"' });
  const start = Date.now() - ROWS * 1000;
  for (let done = 0; done < ROWS; done += 5000) {
    const batch = Array.from({ length: Math.min(5000, ROWS - done) }, (_, i) => ({
      companyId: company.id,
      floorId: floor.id,
      userId: users[(done + i) % users.length]!.id,
      type: (done + i) % 2 ? ('leave' as const) : ('enter' as const),
      roomId: null,
      at: new Date(start + (done + i) * 1000),
    }));
    await models.ParticipantLog.bulkCreate(batch);
  }
  const admin = await models.User.create({
    name: 'Bench admin',
    email: 'admin@bench.example',
    passwordHash: null,
    verifiedAt: new Date(),
    type: 'admin',
  });
  return (await server.tokens.issue(admin)).accessToken;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET the export; answers rows (lines but the header), bytes, seconds and the peak RSS seen meanwhile. */
async function exportOnce(server: ChildServer, token: string, query: string, slow: boolean) {
  let peak = server.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 20);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/admin/participant_log/export${query}`, {
    headers: { 'x-api-key': server.apiKey, Authorization: `Bearer ${token}`, 'Accept-Language': 'ja' },
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const encoding = res.headers.get('content-encoding') ?? 'identity';
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 0x0a) lines++;
    if (slow && ++chunks % 4 === 0) await sleep(5);
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, server.rss());
  return { rows: lines - 1, bytes, seconds, peak, encoding };
}

async function main() {
  const server = await startChildServer({
    NODE_ENV: 'production',
    ADMIN_KEY: 'bench-admin-key',
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  });
  try {
    console.log(`filling ${ROWS} participant-log rows…`);
    const token = await fill(server);
    // baseline: the same call and code path, answering only the header
    await exportOnce(server, token, '?userId=2147483647', false);
    await exportOnce(server, token, '?userId=2147483647', false);
    await sleep(500);
    const baseline = server.rss();
    const runs: [string, Awaited<ReturnType<typeof exportOnce>>][] = [];
    runs.push(['fast reader', await exportOnce(server, token, '', false)]);
    if (!values['no-slow']) runs.push(['slow reader', await exportOnce(server, token, '', true)]);
    console.log('');
    console.log(`server RSS baseline (header-only export, same run): ${(baseline / MB).toFixed(1)} MB`);
    for (const [name, r] of runs) {
      const growth = (r.peak - baseline) / MB;
      console.log(
        `${name.padEnd(12)} rows ${r.rows}  ${(r.bytes / MB).toFixed(1)} MB CSV (${r.encoding} on the wire)  ${r.seconds.toFixed(2)} s  ` +
          `${Math.round(r.rows / r.seconds)} rows/s  peak RSS ${(r.peak / MB).toFixed(1)} MB  growth ${growth.toFixed(1)} MB  ` +
          `${growth < 50 ? 'OK (< 50 MB)' : 'OVER the 50 MB target'}`,
      );
      if (r.rows !== ROWS) console.log(`  !! expected ${ROWS} rows, got ${r.rows}`);
    }
  } finally {
    await server.close();
  }
}

await main();

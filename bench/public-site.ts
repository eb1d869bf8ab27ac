/**
 * Public site benchmark (issue 20): how fast the server-rendered pages answer
 * and how much a first visit downloads, against two baselines in the same run:
 * the bare health route (`/api/health`, through the same Express stack) and a
 * static file (`/site/site.css`).
 *
 *   node --import tsx bench/public-site.ts [--requests 300] [--concurrency 8]
 *
 * Starts the real server in this process (test configuration, SQLite), warms
 * each route up, then sends `requests` GETs per route, `concurrency` at a
 * time, with Accept-Encoding gzip. Prints p50/p95/p99 latency (ms), requests
 * per second and the encoded bytes of one answer.
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { startTestServer } from '../server/src/testing/test-server';
import { pct, Samples } from '../server/src/testing/samples';
import { benchArgs } from './support/args';

const values = benchArgs('Public site benchmark (docs/benchmarks.md).\n\n  npm run bench:public -- [options]', {
  requests: { number: 300, help: 'GETs per route' },
  concurrency: { number: 8, help: 'GETs in flight at a time' },
});
const REQUESTS = values.requests;
const CONCURRENCY = values.concurrency;

const ROUTES = [
  '/api/health',
  '/site/site.css',
  '/',
  '/pricing',
  '/contact',
  '/info/term-of-service',
  '/test',
  '/?lang=en',
];

async function measure(base: string, route: string) {
  const samples = new Samples();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const res = await fetch(base + route, { headers: { 'accept-encoding': 'gzip', 'accept-language': 'ja' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${route}: ${res.status}`);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const body = Buffer.from(await (await fetch(base + route, { headers: { 'accept-language': 'ja' } })).arrayBuffer());
  return { sorted: samples.sorted(), rps: REQUESTS / seconds, bytes: body.length, gzip: gzipSync(body).length };
}

const server = await startTestServer();
try {
  for (const route of ROUTES) for (let i = 0; i < 20; i++) await (await fetch(server.url + route)).arrayBuffer();
  console.log(`public site: ${REQUESTS} GETs per route, ${CONCURRENCY} at a time (server in this process, SQLite)`);
  console.log('route                      p50 ms  p95 ms  p99 ms   req/s    bytes   gzip');
  for (const route of ROUTES) {
    const r = await measure(server.url, route);
    const f = (n: number) => n.toFixed(2).padStart(7);
    console.log(
      `${route.padEnd(24)} ${f(pct(r.sorted, 50))} ${f(pct(r.sorted, 95))} ${f(pct(r.sorted, 99))} ${r.rps.toFixed(0).padStart(7)} ${String(r.bytes).padStart(8)} ${String(r.gzip).padStart(6)}`,
    );
  }
} finally {
  await server.close();
}

import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { serverEntry } from './server-bundle';

/**
 * The real server as a child process on a fresh database, and its /proc figures
 * (the benchmarks and the abuse suite, which reads the server's RSS).
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';
export const API_KEY = 'bench-api-key';
/** Linux USER_HZ: /proc CPU times are in these ticks per second. */
export const CLK_TCK = 100;

export interface BenchDb {
  url: string;
  drop(): Promise<void>;
}

/** A SQLite file in `dir`, or a new MariaDB/MySQL database (BENCH_MYSQL_URL, default local root) dropped afterwards. */
export async function freshDatabase(kind: 'sqlite' | 'mysql', dir: string): Promise<BenchDb> {
  if (kind === 'sqlite') return { url: `sqlite:${path.join(dir, 'bench.sqlite')}`, drop: async () => undefined };
  const admin = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const name = `tsudoi_bench_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const conn = await mysql.createConnection(admin);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await mysql.createConnection(admin);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl: string;
  /** Write a V8 CPU profile of the server into this folder. */
  cpuProfDir?: string | undefined;
  /** Whether the server's standard output after start-up is shown (its errors always are). */
  echo?: () => boolean;
  /** More environment (e.g. LOG_LEVEL, the SOCKET_MAX_* caps). */
  env?: Record<string, string>;
  /** Each chunk of the server's standard output after start-up (its pino lines). */
  onOutput?: (chunk: string) => void;
  /** Where the process writes its memory after a full GC on SIGUSR2 (heapAfterGc); none: no hook. */
  heapFile?: string;
  /** A process group of its own (as a service manager starts it): `process.kill(-pid, signal)` reaches it and its workers. */
  detached?: boolean;
}

/** Node arguments and environment of a child that answers heapAfterGc (server/src/testing/gc-hook.mjs). */
export function heapHook(heapFile: string | undefined): { args: string[]; env: Record<string, string> } {
  if (!heapFile) return { args: [], env: {} };
  const hook = path.join(ROOT, 'server/src/testing/gc-hook.mjs');
  return { args: ['--expose-gc', '--import', hook], env: { TSUDOI_HEAP_FILE: heapFile } };
}

/** The child's memory after two full GCs (it must run with heapHook): heap, external and RSS in bytes. */
export async function heapAfterGc(pid: number, heapFile: string): Promise<NodeJS.MemoryUsage> {
  fs.rmSync(heapFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      return JSON.parse(fs.readFileSync(heapFile, 'utf8')) as NodeJS.MemoryUsage;
    } catch {
      // not written yet (or half written): try again
    }
  }
  throw new Error(`process ${pid} wrote no memory figures to ${heapFile}`);
}

/** The server's bundle (as `npm start` runs it) in production mode with one media worker; answers once it listens. */
export async function startServer(options: ServerOptions): Promise<{ child: ChildProcess; url: string }> {
  const hook = heapHook(options.heapFile);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    API_KEY,
    ADMIN_KEY: 'bench-admin',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    MEDIASOUP_NUM_WORKERS: '1',
    MEDIASOUP_WEBRTC_PORT: '0',
    // the harness's clients reach it over loopback and may name their simulated address (X-Forwarded-For)
    TRUST_PROXY: 'loopback',
    ...hook.env,
    ...options.env,
  };
  const profile = options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.cpuProfDir)] : [];
  const child = spawn(process.execPath, [...profile, ...hook.args, ...(await serverEntry())], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[server] ${d.toString().slice(0, 400)}`));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    const untilListening = (d: Buffer) => {
      output += d.toString();
      const url = /Tsudoi is running at (\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout!.off('data', untilListening);
      child.stdout!.on('data', (more: Buffer) => {
        options.onOutput?.(more.toString());
        if (options.echo?.()) process.stderr.write(`[server] ${more.toString().slice(0, 400)}\n`);
      });
      resolve({ child, url });
    };
    child.stdout!.on('data', untilListening);
  });
}

/** utime + stime in clock ticks, and RSS in bytes, of a process. */
export function procStats(pid: number): { ticks: number; rss: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // fields 14 and 15 of stat(5)
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { ticks, rss: rssKb * 1024 };
}

/** utime + stime of a process in seconds. */
export const cpuSeconds = (pid: number): number => procStats(pid).ticks / CLK_TCK;

/**
 * The X-Forwarded-For of simulated client number `i`: each behind its own
 * address, as real users are (the server trusts the header from loopback and
 * caps sockets and handshakes per address).
 */
export const simulatedAddress = (i: number): string => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

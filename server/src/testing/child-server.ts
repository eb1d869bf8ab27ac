import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { REPO_ROOT } from '../config';
import { createSequelize } from '../db';
import { defineModels, type Models } from '../db/models';
import { TokenService } from '../features/auth/tokens.service';
import { createLogger } from '../lib/logger';
import { createTestDatabase, type TestDatabase } from './databases';
import { serverEntry } from './server-bundle';

const API_KEY = 'child-api-key';
const JWT_SECRET = 'child-jwt-secret-0123456789abcdef0123456789';

/**
 * The real server as a child process (its bundle, as `npm start` runs it)
 * on a fresh database, for tests that measure the server's own process (its
 * RSS from /proc) without the test's memory in the figure. The test reaches
 * the same database through `models` and signs sessions with `tokens`.
 */
export interface ChildServer {
  url: string;
  apiKey: string;
  pid: number;
  dataDir: string;
  models: Models;
  tokens: TokenService;
  /** The server process's resident set size in bytes (VmRSS). */
  rss(): number;
  /**
   * kill -9 (a crash): the process dies at once, its database and data
   * folder stay for a server started on them again (`startChildServer(env, kept)`).
   */
  crash(): Promise<KeptState>;
  close(): Promise<void>;
}

/** What a crashed child server leaves for the next one: its database and data folder. */
export interface KeptState {
  db: TestDatabase;
  dataDir: string;
}

export async function startChildServer(env: Record<string, string> = {}, kept?: KeptState): Promise<ChildServer> {
  const db = kept?.db ?? (await createTestDatabase());
  const dataDir = kept?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-child-'));
  const child = spawn(process.execPath, await serverEntry(), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      API_KEY,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      MEDIASOUP_NUM_WORKERS: '1',
      MEDIASOUP_WEBRTC_PORT: '0',
      ...(process.env.TEST_UI_DIST_DIR ? { UI_DIST_DIR: process.env.TEST_UI_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let sequelize: Sequelize | undefined;
  const stop = async () => {
    await sequelize?.close();
    await exited(child);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await listening(child);
    sequelize = createSequelize(db.url, createLogger('silent'));
    const models = defineModels(sequelize);
    return {
      url,
      apiKey: API_KEY,
      pid: child.pid!,
      dataDir,
      models,
      tokens: new TokenService(models, JWT_SECRET),
      rss: () => rssOf(child.pid!),
      async crash() {
        await sequelize?.close();
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
        return { db, dataDir };
      },
      close: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** VmRSS of a process in bytes. */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

function listening(child: ChildProcess): Promise<string> {
  let output = '';
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
    const untilListening = (d: Buffer) => {
      output += d.toString();
      const url = /Tsudoi is running at (\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout!.off('data', untilListening);
      child.stdout!.resume();
      resolve(url);
    };
    child.stdout!.on('data', untilListening);
  });
}

/** SIGTERM (the server's own shutdown), SIGKILL after 10 s. */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The benches' bare baselines (bench/support/bare-*.ts) as child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Member } from './floor-setup';
import { heapHook, ROOT } from './server-process';

/** A server under measure: its address, its process and its floors of members. */
export interface Target {
  label: string;
  url: string;
  pid: number;
  floors: { floorId: number; members: Member[] }[];
  /** The child answers heapAfterGc through this file (server/src/testing/gc-hook.mjs). */
  heapFile?: string | undefined;
}

/**
 * The bare Socket.IO broadcaster as a child process (with `redisUrl`: on the Redis adapter, one of several
 * processes), and floors of made-up users (auth "bare:<id>").
 */
export async function startBare(
  FLOORS: number,
  USERS: number,
  heapFile?: string,
  redisUrl?: string,
): Promise<{ child: ChildProcess; target: Target }> {
  const hook = heapHook(heapFile);
  const { child, url } = await spawnBaseline('bench/support/bare-broadcaster.ts', redisUrl ? [redisUrl] : [], hook);
  const floors = Array.from({ length: FLOORS }, (_, f) => ({
    floorId: f + 1,
    members: Array.from({ length: USERS }, (_, i) => {
      const userId = (f + 1) * 1000 + i + 1;
      return { userId, token: `bare:${userId}` };
    }),
  }));
  return { child, target: { label: 'bare Socket.IO broadcaster', url, pid: child.pid!, floors, heapFile } };
}

/**
 * A bare baseline script run through tsx (`script` relative to the repository, then its arguments); answers
 * once it prints "listening on <url>". `hook` adds Node arguments and environment (heapHook).
 */
export async function spawnBaseline(
  script: string,
  args: string[],
  hook: { args: string[]; env: Record<string, string> } = { args: [], env: {} },
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...hook.args, '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...hook.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /listening on (\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
  });
  return { child, url };
}

export const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

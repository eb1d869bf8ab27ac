import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freshDatabase, startServer } from '../testing/server-process';

/** The pids of a process's children (Linux /proc). */
const childrenOf = (pid: number): number[] =>
  fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
/** Whether a process still runs (a zombie waiting for its parent's reaper has ended). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
/** Waits until none of `pids` runs (a few seconds at most), answering those still running. */
async function ended(pids: number[]): Promise<number[]> {
  for (let waited = 0; waited < 5000 && pids.some(running); waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(running);
}

/**
 * systemd's default stop (KillMode=control-group) sends SIGTERM to every
 * process of the service at once: the mediasoup workers end with the server.
 * The server must shut down cleanly and start no replacement worker.
 */
describe('shutdown by a signal to the whole process group, as systemd does (real server process)', function () {
  this.timeout(90_000);

  it('starts no worker while it stops and leaves none behind', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-stop-'));
    const db = await freshDatabase('sqlite', dataDir);
    let after = '';
    let stopping = false;
    const { child } = await startServer({
      dataDir,
      databaseUrl: db.url,
      detached: true,
      env: { LOG_LEVEL: 'info', MEDIASOUP_NUM_WORKERS: '2' },
      onOutput: (chunk) => {
        if (stopping) after += chunk;
      },
    });
    try {
      const workers = childrenOf(child.pid!);
      expect(workers).to.have.length(2);
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(code === null ? `signal ${signal}` : `code ${code}`)),
      );
      stopping = true;
      process.kill(-child.pid!, 'SIGTERM');
      // it ends by its own shutdown (code 0), not by the signal: the server prints its banner only once its
      // handlers are in place (a loaded machine once delivered the signal between the two)
      expect(await exited).to.equal('code 0');
      const lines = after.split('\n').filter(Boolean);
      expect(lines.filter((line) => /media worker (started|died)/.test(line))).to.deep.equal([]);
      expect(lines.some((line) => /shutting down/.test(line))).to.equal(true);
      expect(await ended(workers)).to.deep.equal([]);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

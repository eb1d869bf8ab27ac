import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * A real S3-compatible server on loopback for tests: s3rver (a dev
 * dependency; S3's REST protocol with signature checks, objects on disk) in
 * its own process, as a deployer would run MinIO. Its own process because its
 * koa stack does not load under the tests' tsx loader. Access keys S3RVER/S3RVER.
 */
export async function startS3Server(buckets: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const args = [bin, '-d', dir, '-a', '127.0.0.1', '-p', '0', '-s'];
  for (const bucket of buckets) args.push('--configure-bucket', bucket);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on [\d.]+:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}): ${output}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Where the objects lie on disk (`<dir>/<bucket>/<key>._S3rver_object`). */
    dir,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

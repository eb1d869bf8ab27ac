import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const VIDEO_SSRC = 22222222;
export const AUDIO_SSRC = 11111111;

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/**
 * A 10 s clip for an RTP sender that only copies: VP8 1280x720 at 30 fps,
 * ≈ 1.5 Mbit/s, a key frame every second (a new consumer starts within a
 * second), and a stereo Opus tone. Made once per run with ffmpeg.
 */
export function sourceClip(): string {
  const dir = path.join(process.env.TSUDOI_CACHE_DIR || path.join(os.homedir(), '.cache', 'tsudoi'), 'bench');
  const file = path.join(dir, 'source-720p-vp8-opus.webm');
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${file}.partial.webm`;
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=10'],
      ...['-c:v', 'libvpx', '-b:v', '1500k', '-g', '30', '-deadline', 'realtime', '-cpu-used', '8'],
      ...['-c:a', 'libopus', '-ac', '2', '-b:a', '64k', partial],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  fs.renameSync(partial, file);
  return file;
}

/**
 * A UDP port on loopback that is bound but never read (a Python sleeper):
 * what is sent there costs the sender its full path and is then dropped by
 * the kernel, without a reader competing with the worker for the cores.
 */
export async function discardPort(): Promise<{ port: number; close(): void }> {
  const child: ChildProcess = spawn(
    'python3',
    [
      '-c',
      'import socket,sys,time\n' +
        's=socket.socket(socket.AF_INET,socket.SOCK_DGRAM)\n' +
        "s.bind(('127.0.0.1',0))\n" +
        'print(s.getsockname()[1],flush=True)\n' +
        'sys.stdin.read()\n',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('error', reject);
  });
  return { port, close: () => child.kill('SIGKILL') };
}

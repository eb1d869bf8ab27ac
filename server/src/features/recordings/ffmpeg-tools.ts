import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A media file's duration in ms (ffprobe), or null when it has none (empty, broken). */
export async function probeDuration(file: string): Promise<number | null> {
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    const seconds = Number.parseFloat(stdout.trim());
    return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * Where each stream of a media file ends (ms: its last packet's time plus its
 * length), as ffprobe reads the packets: WebM keeps no per-stream duration.
 */
export async function probeStreamEnds(file: string): Promise<{ audio: number | null; video: number | null }> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'packet=codec_type,pts_time,duration_time', '-of', 'csv=p=0', file],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const ends: { audio: number | null; video: number | null } = { audio: null, video: null };
  for (const line of stdout.split('\n')) {
    const [kind, pts, duration] = line.split(',');
    if (kind !== 'audio' && kind !== 'video') continue;
    const end = Math.round((Number.parseFloat(pts ?? '') + (Number.parseFloat(duration ?? '') || 0)) * 1000);
    if (Number.isFinite(end)) ends[kind] = Math.max(ends[kind] ?? 0, end);
  }
  return ends;
}

/**
 * How long a capture plays (ms): its container's duration, else (a capture cut
 * short by a kill has none written) where its last packet ends. Null when it
 * holds nothing readable.
 */
export async function readableDuration(file: string): Promise<number | null> {
  const whole = await probeDuration(file);
  if (whole) return whole;
  try {
    const ends = await probeStreamEnds(file);
    const end = Math.max(ends.audio ?? 0, ends.video ?? 0);
    return end > 0 ? end : null;
  } catch {
    return null;
  }
}

/** Joins segments encoded alike into `output` without re-encoding (one segment is moved). */
export async function concatSegments(ffmpeg: string, files: readonly string[], output: string): Promise<void> {
  if (files.length === 1) {
    await fs.rename(files[0]!, output);
    return;
  }
  const list = `${output}.txt`;
  await fs.writeFile(list, files.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n'));
  try {
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-c',
      'copy',
      '-y',
      output,
    ]);
  } finally {
    await fs.rm(list, { force: true });
  }
}

/** 16 kHz mono WAV of a recording's audio (what speech engines read), written to `output`. */
export async function extractWav(ffmpeg: string, input: string, output: string, startMs = 0, durationMs?: number) {
  const range = [
    ...(startMs > 0 ? ['-ss', (startMs / 1000).toFixed(3)] : []),
    ...(durationMs ? ['-t', (durationMs / 1000).toFixed(3)] : []),
  ];
  await run(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    ...range,
    '-i',
    input,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-y',
    output,
  ]);
}

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../../lib/logger';
import { concatSegments, probeDuration } from './ffmpeg-tools';
import { renderArgs, type CapturedShape } from './segment-sdp';

const run = promisify(execFile);

/** One captured stretch of a recording, as it is rendered: its file, what it holds and its length in the recording. */
export interface Capture {
  file: string;
  shape: CapturedShape;
  durationMs: number;
  speakers: number[];
  gap: boolean;
}

/** One segment as it ends up in the recording: its offset, length, who had a live microphone, and whether it is a gap. */
export interface RecordedSegment {
  offsetMs: number;
  durationMs: number;
  speakers: number[];
  /** Nobody's media reached the room (everyone's connection dropped): silence and the dark picture. */
  gap?: true;
}

/**
 * Renders each capture to the recording's shape (mixed, scaled, encoded; as
 * fast as the machine allows) and joins them into `output`. A capture that
 * cannot be rendered (cut short by a kill, damaged) keeps its place as
 * silence and the dark picture of its length, so every later second stays
 * where it was and the file is as long as the recording ran. The captures
 * stay on disk (the caller removes the folder once the file is stored).
 * Null when no capture could be rendered.
 */
export async function renderRecording(
  ffmpeg: string,
  dir: string,
  captures: readonly Capture[],
  output: string,
  logger: Logger,
): Promise<{ file: string; durationMs: number; segments: RecordedSegment[] } | null> {
  const files: string[] = [];
  const segments: RecordedSegment[] = [];
  let offsetMs = 0;
  let rendered = 0;
  for (const [i, capture] of captures.entries()) {
    const file = path.join(dir, `render-${String(i + 1).padStart(4, '0')}.webm`);
    let speakers = capture.speakers;
    try {
      await run(ffmpeg, renderArgs(capture.file, capture.shape, capture.durationMs, file));
      rendered += 1;
    } catch (err) {
      logger.warn({ err, file: capture.file, durationMs: capture.durationMs }, 'recorder capture not rendered: a gap');
      speakers = [];
      try {
        await run(ffmpeg, renderArgs(null, { audio: 0, video: false }, capture.durationMs, file));
      } catch (fillErr) {
        logger.error({ err: fillErr, file: capture.file }, 'recorder gap not rendered');
        continue;
      }
    }
    const durationMs = (await probeDuration(file)) ?? capture.durationMs;
    files.push(file);
    segments.push({ offsetMs, durationMs, speakers, ...(capture.gap ? { gap: true as const } : {}) });
    offsetMs += durationMs;
  }
  if (rendered === 0) {
    // nothing of what was captured could be read: no file of silence stands in for it
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
    return null;
  }
  await concatSegments(ffmpeg, files, output);
  await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  return { file: output, durationMs: (await probeDuration(output)) ?? offsetMs, segments };
}

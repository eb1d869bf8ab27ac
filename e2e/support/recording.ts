import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { RecordingDto } from '@tsudoi/common';
import type { SmtpSink } from '../../server/src/testing/smtp';
import type { TestServer } from '../../server/src/testing/test-server';
import { callApi, type Account, type ApiServer } from './auth';
import { createPermanentFloor, createTeam } from './floors';

/** Test helpers of the recording suites: the spoken input, the floor that may record, the finished file. */

const run = promisify(execFile);

/** Polls `fn` every 500 ms until it answers something (or throws); fails after `ms`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 240_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * `sentence` spoken by flite's `voice` ("slt", "rms"), then 1.5 s of silence, as a 48 kHz mono wav
 * in `dir`: Chromium's fake microphone loops it (`--use-file-for-fake-audio-capture=…`).
 */
export function spokenWav(dir: string, name: string, voice: string, sentence: string): string {
  const raw = path.join(dir, `${name}-raw.wav`);
  const wav = path.join(dir, `${name}.wav`);
  execFileSync('flite', ['-voice', voice, '-t', sentence, '-o', raw]);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-i', raw],
    ...['-af', 'apad=pad_dur=1.5', '-ar', '48000', '-ac', '1', wav],
  ]);
  return wav;
}

/** A team (and its member when asked) with a permanent floor on the business plan, which may record. */
export async function recordingFloor(
  server: ApiServer & Pick<TestServer, 'models'>,
  smtp: SmtpSink,
  label: string,
  withMember: boolean,
) {
  const { owner, member } = await createTeam(server, smtp, label, withMember);
  const floorId = await createPermanentFloor(server, owner, '録画のフロア');
  const floor = await server.models.Floor.findByPk(floorId);
  await server.models.Company.update({ plan: 'business' }, { where: { id: floor!.companyId } });
  return { owner, member, floorId };
}

/**
 * Presses the room's record button (`label`: its name in the page's language); the recording runs once the
 * indicator shows (the server answers when ffmpeg listens). Answers that moment (Date.now()).
 */
export async function startRecording(page: Page, label = 'Record'): Promise<number> {
  await page.getByRole('button', { name: label }).click();
  await page.locator('.recording-indicator').waitFor();
  return Date.now();
}

/** Stops the page's own recording; answers how long it ran (ms since `startedAt`) once its indicator is gone. */
export async function stopRecording(page: Page, startedAt: number): Promise<number> {
  await page.locator('.recording-indicator--button').click();
  const recordedMs = Date.now() - startedAt;
  await page.locator('.recording-indicator').waitFor({ state: 'detached' });
  return recordedMs;
}

/**
 * Waits until the floor's newest recording is `done` (a failed recording throws), then answers it,
 * its row and the path of its file.
 */
export async function finishedRecording(
  server: TestServer,
  floorId: number,
  owner: Account,
  what: string,
  done: (rec: RecordingDto) => boolean,
  ms?: number,
) {
  const list = async () =>
    ((await callApi(server, 'GET', `/floors/${floorId}/recordings`, undefined, owner.accessToken)).json
      .data as RecordingDto[]) ?? [];
  const rec = await waitFor(
    what,
    async () => {
      const [newest] = await list();
      if (newest?.status === 'failed') throw new Error('recording failed');
      return newest && done(newest) ? newest : undefined;
    },
    ms,
  );
  const row = (await server.models.Recording.findByPk(rec.id))!;
  return { rec, row, file: path.join(server.config.dataDir, 'recordings', 'files', row.storageKey!) };
}

/** The mean loudness (dB) of a file's audio between two times (ffmpeg volumedetect); -100 where there is none. */
export async function meanVolume(file: string, fromMs: number, toMs: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-ss', (fromMs / 1000).toFixed(3), '-t', ((toMs - fromMs) / 1000).toFixed(3)],
    ...['-i', file, '-vn', '-af', 'volumedetect', '-f', 'null', '-'],
  ]);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -100);
}

/** ffprobe's duration of the file (s) and its streams as "type:codec", sorted. */
export async function probeFile(file: string): Promise<{ seconds: number; streams: string[] }> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name', '-of', 'json', file],
  ]);
  const probe = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string }[];
  };
  return {
    seconds: Number(probe.format.duration),
    streams: probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort(),
  };
}

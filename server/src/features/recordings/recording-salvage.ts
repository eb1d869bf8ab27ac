import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Op } from 'sequelize';
import { DEFAULT_TIME_ZONE, formatMessage, localDate, localTime, type Locale } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import { captureFile, readNotes } from './capture-journal';
import { readableDuration } from './ffmpeg-tools';
import type { Recording } from './recording.model';
import { shownRoomName } from './recording-room-name';
import { renderRecording, type Capture } from './render-recording';
import { storeRendered } from './store-recording';
import type { RecordingStorage } from './storage/storage';

/** How often a process says it still records its recordings. */
export const HEARTBEAT_MS = 10_000;
/** A recording whose process has said nothing for this long is nobody's: a process with its folder salvages it. */
export const STALE_MS = 45_000;
/** A recording nobody salvaged after this long (its folder was on a machine that is gone) is failed. */
export const ORPHAN_MS = 3 * 60_000;
/** How often the work folder is looked through for recordings to salvage (and orphans failed). */
export const SWEEP_MS = 60_000;

/** This process, as a recording's `recorderId`: host, pid and a random part (a pid is reused). */
export const RECORDER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

/** Whether the process a recorderId names is gone: on this host, its pid answers no more. Elsewhere: unknown. */
function recorderGone(recorderId: string | null): boolean {
  const [host, pid] = (recorderId ?? '').split(':');
  if (host !== os.hostname() || !pid || recorderId === RECORDER_ID) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface SalvageDeps {
  models: Models;
  logger: Logger;
  storage: RecordingStorage;
  workDir: string;
  ffmpeg: string;
  /** The recordings this process records or is saving now: never touched. */
  running: () => readonly number[];
  /** A salvaged recording: its transcript is queued. */
  finished: (recordingId: number) => void;
  /** Tells the starter what became of their recording (a notice on their open pages and an e-mail). */
  tell: (row: Recording, outcome: 'salvaged' | 'lost') => Promise<void>;
}

/**
 * Recordings a crash cut (issue 25 §9). A process killed mid-recording
 * (kill -9, a crash, the machine's power) leaves its captures and their notes
 * in the work folder: the next process that starts with that folder, or that
 * finds its recorder silent for STALE_MS, rebuilds the part recorded so far
 * into a playable file (status ready, `interrupted`), queues its transcript
 * and tells the starter. A folder with nothing playable is removed and logged,
 * the recording failed and the starter told; leftovers of finished or
 * deleted recordings are removed. Claiming a recording is a conditional
 * update, so one process of several salvages it.
 */
export class RecordingSalvage {
  /** The recordings being rebuilt now (their heartbeat goes on while they render: LiveRecordings beats for them). */
  readonly working = new Set<number>();

  constructor(private readonly deps: SalvageDeps) {}

  /** Looks through the work folder once (at start-up and every SWEEP_MS), then fails recordings nobody saved. */
  async sweep(): Promise<void> {
    const { workDir, logger } = this.deps;
    const entries = await fs.readdir(workDir).catch(() => [] as string[]);
    for (const entry of entries) {
      const id = Number(/^rec-(\d+)-[0-9a-f]+$/.exec(entry)?.[1] ?? NaN);
      if (!Number.isInteger(id) || this.deps.running().includes(id)) continue;
      await this.folder(id, path.join(workDir, entry)).catch((err: unknown) =>
        logger.error({ err, recordingId: id }, 'recording salvage failed'),
      );
    }
    await this.failOrphans();
  }

  private async folder(id: number, dir: string): Promise<void> {
    const { models, logger } = this.deps;
    const row = await models.Recording.findByPk(id);
    if (!row || !['recording', 'processing'].includes(row.status)) {
      logger.info(
        { recordingId: id, dir, status: row?.status ?? 'deleted' },
        'recording work folder left over: removed',
      );
      await fs.rm(dir, { recursive: true, force: true });
      return;
    }
    const now = new Date();
    const nobodys = [
      { heartbeatAt: null },
      { heartbeatAt: { [Op.lt]: new Date(now.getTime() - STALE_MS) } },
      ...(recorderGone(row.recorderId) ? [{ recorderId: row.recorderId }] : []),
    ];
    const [claimed] = await models.Recording.update(
      { recorderId: RECORDER_ID, heartbeatAt: now, status: 'processing' },
      { where: { id, status: { [Op.in]: ['recording', 'processing'] }, [Op.or]: nobodys } },
    );
    if (claimed === 0) return; // another process records or saves it
    this.working.add(id);
    try {
      await this.rebuild(row, dir, now);
    } finally {
      this.working.delete(id);
    }
  }

  private async rebuild(row: Recording, dir: string, now: Date): Promise<void> {
    const { logger } = this.deps;
    const id = row.id;
    const stoppedAt = row.status === 'processing' ? row.endedAt : null;
    logger.warn({ recordingId: id, dir, stopped: Boolean(stoppedAt) }, 'recording cut by a crash: salvaging');
    const captures = await this.captures(dir, stoppedAt);
    const result = await renderRecording(this.deps.ffmpeg, dir, captures, path.join(dir, 'recording.webm'), logger);
    if (!result) {
      logger.warn({ recordingId: id, dir }, 'recording cut by a crash held nothing playable: removed');
      await row.update({ status: 'failed', endedAt: row.endedAt ?? now, heartbeatAt: null });
      await fs.rm(dir, { recursive: true, force: true });
      await this.deps.tell(row, 'lost');
      return;
    }
    const lastSecond = new Date((captures[0]?.startedAt ?? row.startedAt.getTime()) + result.durationMs);
    // stopped by its starter, only the saving was cut: the file is whole
    const extra = { interrupted: !stoppedAt, endedAt: stoppedAt ?? lastSecond };
    if (await storeRendered(this.deps, row, result, extra))
      logger.info({ recordingId: id, durationMs: result.durationMs }, 'recording salvaged');
    await fs.rm(dir, { recursive: true, force: true });
    if (row.status !== 'ready') return;
    this.deps.finished(id);
    if (!stoppedAt) await this.deps.tell(row, 'salvaged');
  }

  /**
   * The captures to rebuild from, as their notes say: a capture cut normally
   * lasts its noted length, one cut while being ended lasts until the next
   * began, the last (recording when the process died) as far as it can be
   * read, and no further than the stop when its starter had stopped it.
   */
  private async captures(dir: string, stoppedAt: Date | null): Promise<(Capture & { startedAt: number })[]> {
    const notes = await readNotes(dir);
    const captures: (Capture & { startedAt: number })[] = [];
    for (const [i, note] of notes.entries()) {
      const file = captureFile(dir, note.index);
      const next = notes[i + 1];
      let durationMs = note.durationMs ?? (next ? next.resumedAt - note.resumedAt : await readableDuration(file));
      if (durationMs !== null && stoppedAt) durationMs = Math.min(durationMs, stoppedAt.getTime() - note.resumedAt);
      if (!durationMs || durationMs < 200) continue;
      const { shape, speakers, gap } = note;
      captures.push({ file, shape, durationMs, speakers, gap, startedAt: note.resumedAt });
    }
    return captures;
  }

  /**
   * Recordings still 'recording' or 'processing' whose recorder has said
   * nothing for ORPHAN_MS and that no process salvaged (their folder is on a
   * machine that is gone): failed, and their starter told.
   */
  async failOrphans(): Promise<void> {
    const { models, logger } = this.deps;
    const before = new Date(Date.now() - ORPHAN_MS);
    const rows = await models.Recording.findAll({
      where: {
        status: { [Op.in]: ['recording', 'processing'] },
        id: { [Op.notIn]: [0, ...this.deps.running()] },
        [Op.or]: [{ heartbeatAt: { [Op.lt]: before } }, { heartbeatAt: null, startedAt: { [Op.lt]: before } }],
      },
    });
    for (const row of rows) {
      const [failed] = await models.Recording.update(
        { status: 'failed', endedAt: row.endedAt ?? row.heartbeatAt ?? new Date() },
        { where: { id: row.id, status: row.status, heartbeatAt: row.heartbeatAt } },
      );
      if (failed === 0) continue;
      logger.warn({ recordingId: row.id, recorderId: row.recorderId }, 'recording lost with its process: failed');
      await this.deps.tell(row, 'lost');
    }
  }
}

/** What the starter is told of a recording a crash cut, in their language. */
export function salvageWords(row: Recording, outcome: 'salvaged' | 'lost', locale: Locale) {
  const values = {
    room: shownRoomName(row.roomName, locale),
    floor: row.floorName,
    start: `${localDate(row.startedAt, DEFAULT_TIME_ZONE)} ${localTime(row.startedAt, DEFAULT_TIME_ZONE)}`,
  };
  return {
    notice: formatMessage(locale, `recordings.salvage.${outcome}.notice`, values),
    subject: formatMessage(locale, `recordings.salvage.${outcome}.subject`, values),
    mail: formatMessage(locale, `recordings.salvage.${outcome}.mail`, values),
    action: formatMessage(locale, 'recordings.salvage.action'),
  };
}

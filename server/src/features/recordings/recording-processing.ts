import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatMessage, type Locale, type MinutesDto, type TranscriptSegmentDto } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import { extractWav } from './ffmpeg-tools';
import type { RecordingStorage } from './storage/storage';
import type { Recording } from './recording.model';
import { shownRoomName } from './recording-room-name';
import type { RecordedSegment } from './render-recording';
import type { TranscriptEngine } from './transcript/engine';
import { sentencesOf, type MinutesEngine } from './minutes/summariser';

export interface ProcessingDeps {
  models: Models;
  logger: Logger;
  storage: RecordingStorage;
  ffmpeg: string;
  transcriptEngine: TranscriptEngine;
  minutesEngine: MinutesEngine;
  /** Posts the minutes' message to the room chat (HTML) as the starter; false when the room has no chat. */
  postToRoom: (roomId: number, userId: number, html: string) => Promise<boolean>;
  publicUrl: () => string;
}

/** The stored transcript: segments with the speaker's id (names are read when shown). */
export type StoredSegment = Omit<TranscriptSegmentDto, 'speakerName'>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Who spoke in a stretch: the one live microphone of the segment its middle falls in (null if several). */
export function speakerAt(segments: readonly RecordedSegment[], startMs: number, endMs: number): number | null {
  const middle = (startMs + endMs) / 2;
  const seg = segments.find((s) => middle >= s.offsetMs && middle < s.offsetMs + s.durationMs) ?? segments.at(-1);
  return seg && seg.speakers.length === 1 ? seg.speakers[0]! : null;
}

/**
 * The work after a recording ends, one job at a time: the transcript (audio
 * to 16 kHz WAV with ffmpeg, then the configured engine), then the minutes
 * (the configured summariser), then a message in the room's chat with a link.
 * Each step writes its state first (generating), and failed / empty / ready
 * at the end, so the list shows progress and a restart finds what was cut.
 */
export class RecordingProcessing {
  constructor(private readonly deps: ProcessingDeps) {}

  async transcript(id: number, queueMinutes: (id: number) => void): Promise<void> {
    const { models, storage, logger } = this.deps;
    const rec = await models.Recording.findByPk(id);
    if (!rec || rec.status !== 'ready' || !rec.storageKey) return;
    await rec.update({ transcriptStatus: 'generating', transcriptEngine: this.deps.transcriptEngine.name });
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tsudoi-transcript-'));
    const copy = await storage.localCopy(rec.storageKey);
    try {
      const wav = path.join(tmp, 'audio.wav');
      await extractWav(this.deps.ffmpeg, copy.file, wav);
      const recognised = await this.deps.transcriptEngine.transcribe(wav);
      const segments = JSON.parse(rec.segments ?? '[]') as RecordedSegment[];
      const stored: StoredSegment[] = recognised.map((s) => ({
        ...s,
        speakerId: speakerAt(segments, s.startMs, s.endMs),
      }));
      if (!(await models.Recording.findByPk(id))) return; // deleted meanwhile
      await rec.update({
        transcriptStatus: stored.length ? 'ready' : 'empty',
        transcript: JSON.stringify(stored),
        minutesStatus: stored.length ? 'queued' : 'empty',
        minutes: null,
      });
      if (stored.length) queueMinutes(id);
    } catch (err) {
      logger.warn({ err, recordingId: id }, 'transcript failed');
      await rec.update({ transcriptStatus: 'failed' }).catch(() => undefined);
    } finally {
      await copy.release();
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }

  async minutes(id: number): Promise<void> {
    const { models, logger } = this.deps;
    const rec = await models.Recording.findByPk(id);
    if (!rec || rec.transcriptStatus !== 'ready') return;
    await rec.update({ minutesStatus: 'generating' });
    try {
      const segments = JSON.parse(rec.transcript ?? '[]') as StoredSegment[];
      const sentences = segments.flatMap((s) => sentencesOf(s.text));
      const made = await this.deps.minutesEngine.summarise(sentences);
      const minutes: MinutesDto = { ...made, engine: this.deps.minutesEngine.name };
      const empty = !minutes.summary.length && !minutes.decisions.length && !minutes.actionItems.length;
      if (!(await models.Recording.findByPk(id))) return;
      await rec.update({ minutesStatus: empty ? 'empty' : 'ready', minutes: JSON.stringify(minutes) });
      if (!empty) await this.post(rec, minutes);
    } catch (err) {
      logger.warn({ err, recordingId: id }, 'minutes failed');
      await rec.update({ minutesStatus: 'failed' }).catch(() => undefined);
    }
  }

  /** The minutes in the room's chat, in the starter's language, with a link to the transcript page. */
  private async post(rec: Recording, minutes: MinutesDto): Promise<void> {
    if (!rec.startedBy) return;
    const starter = await this.deps.models.User.findByPk(rec.startedBy, { attributes: ['id', 'locale'] });
    const locale: Locale = starter?.locale === 'en' ? 'en' : 'ja';
    const link = `${this.deps.publicUrl()}/floors/${rec.floorId}/recordings/${rec.id}`;
    const t = (id: Parameters<typeof formatMessage>[1]) => escapeHtml(formatMessage(locale, id));
    const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    const parts = [
      `<p><b>${t('recordings.chat.minutesReady')}</b> — ${escapeHtml(shownRoomName(rec.roomName, locale))}</p>`,
    ];
    if (minutes.summary.length) parts.push(`<p>${t('recordings.minutes.summary')}</p>${list(minutes.summary)}`);
    if (minutes.decisions.length) parts.push(`<p>${t('recordings.minutes.decisions')}</p>${list(minutes.decisions)}`);
    if (minutes.actionItems.length)
      parts.push(`<p>${t('recordings.minutes.actionItems')}</p>${list(minutes.actionItems)}`);
    parts.push(`<p><a href="${escapeHtml(link)}">${t('recordings.chat.openMinutes')}</a></p>`);
    const posted = await this.deps.postToRoom(rec.roomId, rec.startedBy, parts.join(''));
    if (!posted) this.deps.logger.info({ recordingId: rec.id }, 'minutes not posted: the room has no chat now');
  }
}

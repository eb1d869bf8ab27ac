import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import {
  formatMessage,
  idParamsSchema,
  recordingActionSchema,
  recordingDownloadQuerySchema,
  type Locale,
  type MinutesDto,
  type RecordingDetailDto,
  type RecordingDto,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import { viewFloor } from '../floors/floor-access';
import type { User } from '../users/user.model';
import type { RecordingJobs } from './recording-jobs';
import type { StoredSegment } from './recording-processing';
import type { RecordingStorage } from './storage/storage';
import type { Recording } from './recording.model';
import { shownRoomName } from './recording-room-name';
import type { TranscriptEngine } from './transcript/engine';

export interface RecordingRoutesDeps {
  models: Models;
  guards: Guards;
  storage: RecordingStorage;
  jobs: RecordingJobs;
  engine: TranscriptEngine;
  secret: string;
}

const HOUR_S = 3600;

/** A download link valid until the end of the next hour (stable within an hour, so players can cache). */
export function signDownload(secret: string, id: number, now = Date.now()): { exp: number; sig: string } {
  const exp = (Math.floor(now / 1000 / HOUR_S) + 2) * HOUR_S;
  return { exp, sig: signature(secret, id, exp) };
}
const signature = (secret: string, id: number, exp: number) =>
  crypto.createHmac('sha256', secret).update(`recording:${id}:${exp}`).digest('base64url');

function validSignature(secret: string, id: number, exp: number | undefined, sig: string | undefined): boolean {
  if (!exp || !sig || exp * 1000 < Date.now()) return false;
  const want = Buffer.from(signature(secret, id, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/**
 * Recordings REST (calls §7.11; paths in common/src/protocol/rest/recordings.ts).
 * Who may see a recording: whoever may see its floor (viewFloor); anything else,
 * another company's recording included, is RECORDING_NOT_FOUND. Deleting is for
 * the starter and the floor's managers.
 */
export function recordingRoutes(deps: RecordingRoutesDeps): { api: Router; browser: Router } {
  const { models, guards, storage, jobs, engine, secret } = deps;
  const api = Router();
  const browser = Router();

  const dtos = async (rows: Recording[], locale: Locale): Promise<RecordingDto[]> => {
    const ids = [...new Set(rows.map((r) => r.startedBy).filter((id): id is number => id !== null))];
    const users = ids.length
      ? await models.User.findAll({ where: { id: ids }, attributes: ['id', 'name'], paranoid: false })
      : [];
    const names = new Map(users.map((u) => [u.id, u.name]));
    return rows.map((r) => {
      const { exp, sig } = signDownload(secret, r.id);
      return {
        id: r.id,
        floorId: r.floorId,
        roomId: r.roomId,
        roomName: shownRoomName(r.roomName, locale),
        floorName: r.floorName,
        startedBy: r.startedBy ? { id: r.startedBy, name: names.get(r.startedBy) ?? '?' } : null,
        startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt?.toISOString() ?? null,
        durationMs: r.durationMs ?? null,
        size: r.size ?? null,
        status: r.status,
        transcriptStatus: r.transcriptStatus,
        transcriptEngine: { name: r.transcriptEngine ?? engine.name, languages: [...engine.languages] },
        minutesStatus: r.minutesStatus,
        downloadUrl: `/recordings/${r.id}/file?exp=${exp}&sig=${sig}`,
      };
    });
  };

  const detail = async (r: Recording, locale: Locale): Promise<RecordingDetailDto> => {
    const [dto] = await dtos([r], locale);
    const stored = r.transcript ? (JSON.parse(r.transcript) as StoredSegment[]) : null;
    const speakerIds = [...new Set((stored ?? []).map((s) => s.speakerId).filter((id): id is number => id !== null))];
    const speakers = speakerIds.length
      ? await models.User.findAll({ where: { id: speakerIds }, attributes: ['id', 'name'], paranoid: false })
      : [];
    const names = new Map(speakers.map((u) => [u.id, u.name]));
    return {
      ...dto!,
      transcript:
        stored?.map((s) => ({ ...s, speakerName: s.speakerId ? (names.get(s.speakerId) ?? null) : null })) ?? null,
      minutes: r.minutes ? (JSON.parse(r.minutes) as MinutesDto) : null,
    };
  };

  /** A recording the caller may see, with whether they may delete it. */
  const find = async (user: User, id: number) => {
    const row = await models.Recording.findByPk(id);
    if (!row) throw new AppError('RECORDING_NOT_FOUND');
    const access = await viewFloor(models, user, row.floorId).catch(() => {
      throw new AppError('RECORDING_NOT_FOUND');
    });
    return { row, mayDelete: access.canManage || row.startedBy === user.id };
  };

  const serve = async (row: Recording, req: Request, res: Response) => {
    if (row.status !== 'ready' || !row.storageKey) throw new AppError('RECORDING_NOT_READY');
    const size = await storage.size(row.storageKey);
    if (size === null) throw new AppError('RECORDING_NOT_FOUND');
    const headers: Record<string, string> = {
      'Content-Type': 'video/webm',
      'Accept-Ranges': 'bytes',
      'Content-Disposition': `attachment; filename="recording-${row.id}.webm"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=3600',
    };
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    let range: { start: number; end: number } | undefined;
    if (m && (m[1] || m[2])) {
      const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
      const end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        res
          .status(416)
          .set({ 'Content-Range': `bytes */${size}` })
          .end();
        return;
      }
      range = { start, end };
    }
    if (range) {
      res.status(206).set({ ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}` });
      res.set('Content-Length', String(range.end - range.start + 1));
    } else res.status(200).set({ ...headers, 'Content-Length': String(size) });
    if (req.method === 'HEAD') return void res.end();
    await new Promise<void>((resolve) => {
      const stream = storage.read(row.storageKey!, range);
      stream.on('error', () => res.destroy());
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  };

  api.get(
    '/floors/:id/recordings',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const access = await viewFloor(models, accountOf(req), params.id);
      const rows = await models.Recording.findAll({
        where: { floorId: access.floor.id },
        order: [
          ['startedAt', 'DESC'],
          ['id', 'DESC'],
        ],
        limit: 200,
      });
      return { data: await dtos(rows, req.locale) };
    }),
  );
  api.get(
    '/recordings/:id',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const { row } = await find(accountOf(req), params.id);
      return { data: await detail(row, req.locale) };
    }),
  );
  api.delete(
    '/recordings/:id',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const { row, mayDelete } = await find(accountOf(req), params.id);
      if (!mayDelete) throw new AppError('FORBIDDEN');
      if (row.status === 'recording' || row.status === 'processing') throw new AppError('RECORDING_NOT_READY');
      const [dto] = await dtos([row], req.locale);
      await row.destroy();
      if (row.storageKey) await storage.remove(row.storageKey);
      return mutation(dto, formatMessage(req.locale, 'recordings.deleted'));
    }),
  );
  api.get(
    '/recordings/:id/download',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req, res) => {
      const { row } = await find(accountOf(req), params.id);
      await serve(row, req, res);
    }),
  );
  api.post(
    '/recordings/transcript',
    guards.verifiedUser,
    route({ body: recordingActionSchema }, async ({ body }, req) => {
      const { row } = await find(accountOf(req), body.recordingId);
      if (row.status !== 'ready') throw new AppError('RECORDING_NOT_READY');
      await row.update({ transcriptStatus: 'queued', minutesStatus: 'none' });
      jobs.add('transcript', row.id);
      return mutation(await detail(row, req.locale), formatMessage(req.locale, 'recordings.transcriptQueued'));
    }),
  );
  api.post(
    '/recordings/summarization',
    guards.verifiedUser,
    route({ body: recordingActionSchema }, async ({ body }, req) => {
      const { row } = await find(accountOf(req), body.recordingId);
      if (row.transcriptStatus === 'empty') throw new AppError('TRANSCRIPT_EMPTY');
      if (row.transcriptStatus !== 'ready') throw new AppError('TRANSCRIPT_FAILED');
      await row.update({ minutesStatus: 'queued' });
      jobs.add('minutes', row.id);
      return mutation(await detail(row, req.locale), formatMessage(req.locale, 'recordings.minutesQueued'));
    }),
  );

  // the signed link (from a DTO the caller could read) for <video> and plain links: no token needed
  browser.get(
    '/recordings/:id/file',
    route({ params: idParamsSchema, query: recordingDownloadQuerySchema }, async ({ params, query }, req, res) => {
      if (!validSignature(secret, params.id, query.exp, query.sig)) throw new AppError('RECORDING_NOT_FOUND');
      const row = await models.Recording.findByPk(params.id);
      if (!row) throw new AppError('RECORDING_NOT_FOUND');
      await serve(row, req, res);
    }),
  );
  return { api, browser };
}

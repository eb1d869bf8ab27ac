import cookieParser from 'cookie-parser';
import { Router, type Request, type Response } from 'express';
import {
  formatMessage,
  idParamsSchema,
  pageQuerySchema,
  recordingActionSchema,
  recordingDownloadQuerySchema,
  recordingShareSchema,
  recordingViewerParamsSchema,
  type Locale,
  type MinutesDto,
  type RecordingDetailDto,
  type RecordingDto,
  type RecordingViewerDto,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { mutation, paged, pageWindow } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import { viewFloor } from '../floors/floor-access';
import type { User } from '../users/user.model';
import { TEAM_WAITING_CAP, type RecordingJobs } from './recording-jobs';
import { ownedRecording, recordingAccess, visibleOnFloor } from './recording-access';
import { linkCookie, linkHolder, mintLink } from './recording-links';
import type { StoredSegment } from './recording-processing';
import type { RecordedSegment } from './render-recording';
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

/**
 * Recordings REST (calls §7.11; paths in common/src/protocol/rest/recordings.ts).
 * Who may watch, share, delete and regenerate: recording-access.ts. The file's
 * links for <video>: recording-links.ts.
 */
export function recordingRoutes(deps: RecordingRoutesDeps): { api: Router; browser: Router } {
  const { models, guards, storage, jobs, engine, secret } = deps;
  const api = Router();
  const browser = Router();

  const dtos = async (rows: Recording[], locale: Locale, user: User, hosts: boolean): Promise<RecordingDto[]> => {
    const ids = [...new Set(rows.map((r) => r.startedBy).filter((id): id is number => id !== null))];
    const users = ids.length
      ? await models.User.findAll({ where: { id: ids }, attributes: ['id', 'name'], paranoid: false })
      : [];
    const names = new Map(users.map((u) => [u.id, u.name]));
    return rows.map((r) => ({
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
      interrupted: r.interrupted,
      mayManage: hosts || (r.startedBy !== null && r.startedBy === user.id),
    }));
  };

  const viewersOf = async (r: Recording): Promise<RecordingViewerDto[]> => {
    const rows = await models.RecordingViewer.findAll({ where: { recordingId: r.id }, order: [['id', 'ASC']] });
    const people = rows.length
      ? await models.User.findAll({ where: { id: rows.map((v) => v.userId) }, attributes: ['id', 'name'] })
      : [];
    const names = new Map(people.map((u) => [u.id, u.name]));
    return rows
      .filter((v) => names.has(v.userId))
      .map((v) => ({ id: v.userId, name: names.get(v.userId)!, reason: v.reason }));
  };

  /** The gap segments of a recording (render-recording.ts), neighbours joined. */
  const gapsOf = (segments: string | null): { startMs: number; endMs: number }[] => {
    const gaps: { startMs: number; endMs: number }[] = [];
    for (const s of JSON.parse(segments ?? '[]') as RecordedSegment[]) {
      if (!s.gap) continue;
      const last = gaps.at(-1);
      if (last && Math.abs(last.endMs - s.offsetMs) < 50) last.endMs = s.offsetMs + s.durationMs;
      else gaps.push({ startMs: s.offsetMs, endMs: s.offsetMs + s.durationMs });
    }
    return gaps;
  };

  const detail = async (r: Recording, locale: Locale, user: User, hosts: boolean): Promise<RecordingDetailDto> => {
    const [dto] = await dtos([r], locale, user, hosts);
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
      viewers: dto!.mayManage ? await viewersOf(r) : null,
      gaps: gapsOf(r.segments),
    };
  };

  /** A regenerate: the starter or a host, not while the last one waits, and within the team's share of the queue. */
  const regenerable = async (user: User, id: number, status: 'transcriptStatus' | 'minutesStatus') => {
    const access = await ownedRecording(models, user, id);
    const { row } = access;
    if (row[status] === 'queued' || row[status] === 'generating') throw new AppError('RECORDING_JOB_PENDING');
    if ((await jobs.waiting(row.companyId ?? 0)) >= TEAM_WAITING_CAP) throw new AppError('RECORDING_QUEUE_FULL');
    return access;
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
      'Cache-Control': 'private, no-store',
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
    route({ params: idParamsSchema, query: pageQuerySchema }, async ({ params, query }, req) => {
      const user = accountOf(req);
      const floor = await viewFloor(models, user, params.id);
      const { rows, count } = await models.Recording.findAndCountAll({
        where: await visibleOnFloor(models, user, floor),
        order: [
          ['startedAt', 'DESC'],
          ['id', 'DESC'],
        ],
        ...pageWindow(query),
      });
      return paged(await dtos(rows, req.locale, user, floor.canManage), count, query);
    }),
  );
  api.get(
    '/recordings/:id',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const user = accountOf(req);
      const { row, floor } = await recordingAccess(models, user, params.id);
      return { data: await detail(row, req.locale, user, floor.canManage) };
    }),
  );
  api.delete(
    '/recordings/:id',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req) => {
      const user = accountOf(req);
      const { row, floor } = await ownedRecording(models, user, params.id);
      if (row.status === 'recording' || row.status === 'processing') throw new AppError('RECORDING_NOT_READY');
      const [dto] = await dtos([row], req.locale, user, floor.canManage);
      await row.destroy();
      if (row.storageKey) await storage.remove(row.storageKey);
      return mutation(dto, formatMessage(req.locale, 'recordings.deleted'));
    }),
  );
  api.get(
    '/recordings/:id/download',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req, res) => {
      const { row } = await recordingAccess(models, accountOf(req), params.id);
      await serve(row, req, res);
    }),
  );
  api.post(
    '/recordings/:id/link',
    guards.verifiedUser,
    route({ params: idParamsSchema }, async ({ params }, req, res) => {
      const user = accountOf(req);
      const { row } = await recordingAccess(models, user, params.id);
      if (row.status !== 'ready') throw new AppError('RECORDING_NOT_READY');
      return { data: mintLink(secret, row.id, user.id, req, res) };
    }),
  );
  api.post(
    '/recordings/:id/viewers',
    guards.verifiedUser,
    route({ params: idParamsSchema, body: recordingShareSchema }, async ({ params, body }, req) => {
      const user = accountOf(req);
      const { row, floor } = await ownedRecording(models, user, params.id);
      const people = await models.User.findAll({ where: { id: [...new Set(body.userIds)] } });
      if (people.length !== new Set(body.userIds).size) throw new AppError('RECORDING_SHARE_OUTSIDE');
      // only people who may see the floor (its team, its invited members)
      for (const person of people)
        await viewFloor(models, person, row.floorId).catch(() => {
          throw new AppError('RECORDING_SHARE_OUTSIDE');
        });
      const known = new Set(
        (await models.RecordingViewer.findAll({ where: { recordingId: row.id }, attributes: ['userId'] })).map(
          (v) => v.userId,
        ),
      );
      const fresh = people.filter((p) => !known.has(p.id));
      if (fresh.length)
        await models.RecordingViewer.bulkCreate(
          fresh.map((p) => ({ recordingId: row.id, userId: p.id, reason: 'shared' as const, sharedBy: user.id })),
          { ignoreDuplicates: true },
        );
      return mutation(
        await detail(row, req.locale, user, floor.canManage),
        formatMessage(req.locale, 'recordings.shared'),
      );
    }),
  );
  api.delete(
    '/recordings/:id/viewers/:userId',
    guards.verifiedUser,
    route({ params: recordingViewerParamsSchema }, async ({ params }, req) => {
      const user = accountOf(req);
      const { row, floor } = await ownedRecording(models, user, params.id);
      await models.RecordingViewer.destroy({ where: { recordingId: row.id, userId: params.userId } });
      return mutation(
        await detail(row, req.locale, user, floor.canManage),
        formatMessage(req.locale, 'recordings.unshared'),
      );
    }),
  );
  api.post(
    '/recordings/transcript',
    guards.verifiedUser,
    route({ body: recordingActionSchema }, async ({ body }, req) => {
      const user = accountOf(req);
      const { row, floor } = await regenerable(user, body.recordingId, 'transcriptStatus');
      if (row.status !== 'ready') throw new AppError('RECORDING_NOT_READY');
      await row.update({ transcriptStatus: 'queued', minutesStatus: 'none' });
      jobs.add('transcript', row.id, row.companyId ?? 0);
      return mutation(
        await detail(row, req.locale, user, floor.canManage),
        formatMessage(req.locale, 'recordings.transcriptQueued'),
      );
    }),
  );
  api.post(
    '/recordings/summarization',
    guards.verifiedUser,
    route({ body: recordingActionSchema }, async ({ body }, req) => {
      const user = accountOf(req);
      const { row, floor } = await regenerable(user, body.recordingId, 'minutesStatus');
      if (row.transcriptStatus === 'empty') throw new AppError('TRANSCRIPT_EMPTY');
      if (row.transcriptStatus !== 'ready') throw new AppError('TRANSCRIPT_FAILED');
      await row.update({ minutesStatus: 'queued' });
      jobs.add('minutes', row.id, row.companyId ?? 0);
      return mutation(
        await detail(row, req.locale, user, floor.canManage),
        formatMessage(req.locale, 'recordings.minutesQueued'),
      );
    }),
  );

  // the caller's own short link (POST …/link) for <video> and plain links: no token, but its cookie
  browser.get(
    '/recordings/:id/file',
    cookieParser(),
    route({ params: idParamsSchema, query: recordingDownloadQuerySchema }, async ({ params, query }, req, res) => {
      const nonce = (req.cookies as Record<string, string | undefined>)[linkCookie(params.id)];
      const holder = linkHolder(secret, params.id, query, nonce);
      const user = holder ? await models.User.findByPk(holder) : null;
      if (!user) throw new AppError('RECORDING_NOT_FOUND');
      // the person may still watch it (a removal from the floor or the team ends their links at once)
      const { row } = await recordingAccess(models, user, params.id);
      await serve(row, req, res);
    }),
  );
  return { api, browser };
}

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Op } from 'sequelize';
import { z } from 'zod';
import { roomDefinition, type ActiveRecordingDto, type RecordingFailed } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import { AppError } from '../../http/app-error';
import type { IoServer, IoSocket } from '../../realtime/types';
import type { MediaService, RoomMediaEvent } from '../media/media-service';
import type { MediaGateway } from '../media/media-gateway';
import { quotaRefusal, type StorageQuota } from '../uploads';
import { accountChannel } from '../sessions';
import type { RequirePlanFeature } from './plan-features';
import type { RecordingStorage } from './storage/storage';
import type { Recording } from './recording.model';
import { roomOfUser, usersInRoom } from '../floors/live/engine/places';
import { RoomRecorder } from './room-recorder';
import { storedRoomName } from './recording-room-name';
import { STAGE_ROOM_NUMBER } from '../stage/stage-service';
import type { PlaceChange } from '../floors/live/presence-batcher';
import { markPresent } from './recording-access';
import { storeRendered } from './store-recording';
import { HEARTBEAT_MS, RECORDER_ID, RecordingSalvage, SWEEP_MS } from './recording-salvage';

export interface LiveRecordingsDeps {
  models: Models;
  logger: Logger;
  storage: RecordingStorage;
  quota: StorageQuota;
  requirePlanFeature: RequirePlanFeature;
  /** Where segments are written while recording. */
  workDir: string;
  ffmpeg: string;
  /**
   * How long a recording outlives its room's media while people still have their place in the room (their
   * connections dropped: the engine keeps a disconnected person's place) before it stops.
   */
  reconnectGraceMs: number;
  /** A finished recording: its transcript is queued. */
  finished: (recordingId: number) => void;
  /** Tells a starter what became of a recording a crash cut (recording-salvage.ts). */
  tell: (row: Recording, outcome: 'salvaged' | 'lost') => Promise<void>;
}

interface Active {
  row: Recording;
  recorder: RoomRecorder;
  dir: string;
  /** Set while the room's media is gone and the recording waits for it to come back. */
  grace?: NodeJS.Timeout;
  /** Who is in the room is looked at this often (they may watch the recording: recording-access.ts). */
  census: NodeJS.Timeout;
}

/** How often a running recording notes who is in its room (moves on this process are noted at once). */
export const CENSUS_MS = 3000;

/** What a recording's start or stop carries to the media home. */
const byUser = z.object({ userId: z.number().int().positive() });

export const activeDto = (row: Recording): ActiveRecordingDto => ({
  id: row.id,
  floorId: row.floorId,
  roomId: row.roomId,
  startedBy: row.startedBy ?? 0,
  startedAt: row.startedAt.toISOString(),
});

/**
 * The recordings running in this process, one per room: start (recording
 * permission on the floor, the Business plan, storage left), stop (the
 * starter only, while in the room), and the end of a room's media which
 * stops it once nobody is left: when people still have their place in the
 * room (a lone starter whose connection dropped, a worker that died) it
 * records silence and black for up to `reconnectGraceMs` and goes on with
 * the room's media when it comes back. Everyone on the floor is told with
 * `recording:changed`.
 */
export class LiveRecordings {
  private readonly active = new Map<number, Active>();
  /** Recordings being finished (file joined, stored): awaited on shutdown. */
  private readonly finishing = new Set<Promise<void>>();
  /** The recordings being saved (their rows say 'processing'): this process's, kept alive by its heartbeat. */
  private readonly saving = new Set<number>();
  private media: MediaService | undefined;
  private homes: Pick<MediaGateway, 'onHome' | 'atHome'> | undefined;
  private io: IoServer | undefined;
  private readonly salvage: RecordingSalvage;
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly deps: LiveRecordingsDeps) {
    this.salvage = new RecordingSalvage({
      models: deps.models,
      logger: deps.logger,
      storage: deps.storage,
      workDir: deps.workDir,
      ffmpeg: deps.ffmpeg,
      running: () => this.runningIds(),
      finished: deps.finished,
      tell: deps.tell,
    });
  }

  attach(media: MediaService, io: IoServer, homes?: Pick<MediaGateway, 'onHome' | 'atHome'>): void {
    this.media = media;
    this.io = io;
    this.homes = homes;
    media.watchRooms((event) => this.roomEvent(event));
    // a recording runs where the room's media is: the floor's media home (another process, with several)
    homes?.onHome('recording:start', (floorId, p) => this.startFor(floorId, byUser.parse(p).userId));
    homes?.onHome('recording:stop', (floorId, p) => this.stopFor(floorId, byUser.parse(p).userId));
  }

  /** recording:start of a socket: on the floor's media home. */
  async start(socket: IoSocket): Promise<ActiveRecordingDto> {
    const { floorId, userId } = this.caller(socket);
    if (!this.homes) return this.startFor(floorId, userId);
    return (await this.homes.atHome(floorId, 'recording:start', { userId })) as ActiveRecordingDto;
  }

  /** recording:stop of a socket: on the floor's media home, where the recording runs. */
  async stop(socket: IoSocket): Promise<{ id: number }> {
    const { floorId, userId } = this.caller(socket);
    if (!this.homes) return this.stopFor(floorId, userId);
    return (await this.homes.atHome(floorId, 'recording:stop', { userId })) as { id: number };
  }

  private async startFor(floorId: number, userId: number): Promise<ActiveRecordingDto> {
    const { models } = this.deps;
    // where the person is now: the live floor's memory (floor_users may be a write-behind window behind)
    const placeRoomId = await roomOfUser(models, floorId, userId);
    if (placeRoomId === null) throw new AppError('FLOOR_NOT_JOINED');
    const [floor, room, me] = await Promise.all([
      models.Floor.findByPk(floorId),
      models.FloorRoom.findByPk(placeRoomId),
      models.FloorParticipant.findOne({ where: { floorId, userId } }),
    ]);
    if (!floor || !room) throw new AppError('ROOM_NOT_FOUND');
    if (!(floor.hostId === userId || me?.permissionRecording === true)) throw new AppError('RECORDING_NO_PERMISSION');
    await this.deps.requirePlanFeature(floor.companyId, 'recording');
    const definition = roomDefinition(room.number);
    if (definition?.areaType === 'NO_WEBRTC') throw new AppError('MEDIA_NO_WEBRTC_ROOM');
    const status = await this.deps.quota.status({ companyId: floor.companyId, userId });
    if (status.usedBytes >= status.quotaBytes) throw quotaRefusal(status);
    if (this.active.has(room.id)) throw new AppError('RECORDING_ALREADY_RUNNING');
    const media = this.media?.liveRoom(room.id);
    if (!media) throw new AppError('MEDIA_NOT_JOINED');
    const row = await models.Recording.create({
      companyId: floor.companyId,
      floorId,
      roomId: room.id,
      // the host's name for the room, else its key (shown in the reader's language)
      roomName: storedRoomName(room),
      floorName: floor.title,
      startedBy: userId,
      startedAt: new Date(),
      status: 'recording',
      recorderId: RECORDER_ID,
      heartbeatAt: new Date(),
    });
    const dir = path.join(this.deps.workDir, `rec-${row.id}-${crypto.randomBytes(4).toString('hex')}`);
    const first = room.number === STAGE_ROOM_NUMBER ? () => this.speakers(floorId) : undefined;
    const recorder = new RoomRecorder(media, dir, this.deps.ffmpeg, this.deps.logger, first);
    // taken before ffmpeg starts: a second start at once finds it
    const census = setInterval(() => void this.census(room.id), CENSUS_MS);
    census.unref();
    this.active.set(room.id, { row, recorder, dir, census });
    await this.census(room.id);
    try {
      await recorder.start();
    } catch (err) {
      clearInterval(census);
      this.active.delete(room.id);
      this.deps.logger.error({ err, roomId: room.id }, 'recording failed to start');
      await recorder.stop(path.join(dir, 'out.webm')).catch(() => null);
      await fs.rm(dir, { recursive: true, force: true });
      await row.destroy();
      throw new AppError('RECORDING_START_FAILED');
    }
    const dto = activeDto(row);
    this.announce(floorId, room.id, dto);
    return dto;
  }

  private async stopFor(floorId: number, userId: number): Promise<{ id: number }> {
    const placeRoomId = await roomOfUser(this.deps.models, floorId, userId);
    const running = placeRoomId !== null ? this.active.get(placeRoomId) : undefined;
    if (!running) throw new AppError('RECORDING_NOT_RUNNING');
    if (running.row.startedBy !== userId) throw new AppError('RECORDING_NOT_OWNER');
    const id = running.row.id;
    void this.finish(running.row.roomId);
    return { id };
  }

  /** Notes everyone in a recorded room now as present: they may watch the recording (issue 25 §2). */
  private async census(roomId: number): Promise<void> {
    const running = this.active.get(roomId);
    if (!running) return;
    try {
      await markPresent(this.deps.models, running.row.id, await usersInRoom(this.deps.models, roomId));
    } catch (err) {
      this.deps.logger.warn({ err, roomId }, 'recording: who was there not noted');
    }
  }

  /** A place change of the live floor (live.watchPlaces): someone who walks into a recorded room is noted at once. */
  placeChanged(change: PlaceChange): void {
    if (change.userId === undefined || change.roomId === null) return;
    const running = this.active.get(change.roomId);
    if (running)
      void markPresent(this.deps.models, running.row.id, [change.userId]).catch((err: unknown) =>
        this.deps.logger.warn({ err }, 'recording: arrival not noted'),
      );
  }

  /** The speakers of the presentation running on the floor's stage (recorded first). */
  private async speakers(floorId: number): Promise<ReadonlySet<number>> {
    const { models } = this.deps;
    const presentation = await models.StagePresentation.findOne({ where: { runningFloorId: floorId } });
    if (!presentation) return new Set();
    const members = await models.StageMember.findAll({ where: { presentationId: presentation.id, role: 'S' } });
    return new Set(members.map((m) => m.userId));
  }

  /** The recordings running on the caller's floor. */
  /** The floor's running recordings, wherever they run: this process's own, and the others' rows. */
  async list(socket: IoSocket): Promise<ActiveRecordingDto[]> {
    const { floorId } = this.caller(socket);
    const here = [...this.active.values()].filter((a) => a.row.floorId === floorId).map((a) => a.row);
    if (!this.homes) return here.map(activeDto);
    const known = new Set(here.map((r) => r.id));
    // a row whose process stopped saying it records (a crash) waits for its salvage: not shown as running
    const alive = { [Op.gt]: new Date(Date.now() - 2 * HEARTBEAT_MS) };
    const rows = await this.deps.models.Recording.findAll({
      where: { floorId, status: 'recording', heartbeatAt: alive },
    });
    return [...here, ...rows.filter((r) => !known.has(r.id))].map(activeDto);
  }

  isRecording(roomId: number): boolean {
    return this.active.has(roomId);
  }

  /** Stops every running recording (shutdown): their files are kept and processed. */
  async stopAll(): Promise<void> {
    this.stopTimers();
    await this.sweeping;
    await Promise.all([...this.active.keys()].map((roomId) => this.finish(roomId)));
    await Promise.all([...this.finishing]);
  }

  /**
   * After a start: recordings a crash cut are salvaged from the work folder
   * (now and every SWEEP_MS: another process's may go silent later), and this
   * process's recordings say every HEARTBEAT_MS that it still records them.
   */
  resume(): void {
    this.stopTimers();
    const beat = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    const sweep = setInterval(() => this.sweep(), SWEEP_MS);
    this.timers = [beat, sweep];
    for (const t of this.timers) t.unref();
    // in the background: rebuilding a long recording takes a while, the server serves meanwhile
    this.sweep();
  }

  private sweeping: Promise<void> | undefined;

  /** A salvage sweep now, after the one running (tests, and an operator's tooling). */
  async salvageNow(): Promise<void> {
    await this.sweeping;
    this.sweep();
    await this.sweeping;
  }

  /** One salvage sweep at a time; awaited on shutdown. */
  private sweep(): void {
    if (this.sweeping) return;
    this.sweeping = this.salvage
      .sweep()
      .catch((err: unknown) => this.deps.logger.error({ err }, 'recording salvage sweep failed'))
      .finally(() => (this.sweeping = undefined));
  }

  private stopTimers(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  private async heartbeat(): Promise<void> {
    const ids = this.runningIds();
    if (ids.length === 0) return;
    await this.deps.models.Recording.update(
      { heartbeatAt: new Date() },
      { where: { id: { [Op.in]: ids }, recorderId: RECORDER_ID } },
    ).catch((err: unknown) => this.deps.logger.warn({ err }, 'recording heartbeat not written'));
  }

  /** The recordings this process records or saves now. */
  private runningIds(): number[] {
    return [...[...this.active.values()].map((a) => a.row.id), ...this.saving, ...this.salvage.working];
  }

  private roomEvent(event: RoomMediaEvent): void {
    const running = this.active.get(event.roomId);
    if (!running) return;
    const live = this.media?.liveRoom(event.roomId);
    if (event.kind === 'closed' && !live) {
      void this.mediaGone(running).catch((err: unknown) => {
        this.deps.logger.error({ err, roomId: event.roomId }, 'recording: room media ended');
        void this.finish(event.roomId);
      });
      return;
    }
    // the room's media is back (or never went): the wait for it ends
    clearTimeout(running.grace);
    running.grace = undefined;
    running.recorder.changed(live);
  }

  /**
   * The room's media ended. Nobody placed in the room any more: the recording
   * stops. Otherwise (their connections dropped and the engine kept their
   * place) the recorder moves to silence and black, and the recording stops
   * only when the room's media is still gone after the grace period.
   */
  private async mediaGone(running: Active): Promise<void> {
    const { roomId } = running.row;
    const placed = await usersInRoom(this.deps.models, roomId);
    if (this.active.get(roomId) !== running) return;
    const live = this.media?.liveRoom(roomId);
    if (live) return running.recorder.changed(live);
    if (placed.length === 0 || this.deps.reconnectGraceMs <= 0) return void this.finish(roomId);
    this.deps.logger.info({ roomId, placed, graceMs: this.deps.reconnectGraceMs }, 'recording waits for the room');
    running.recorder.changed();
    clearTimeout(running.grace);
    running.grace = setTimeout(() => {
      running.grace = undefined;
      if (this.active.get(roomId) !== running) return;
      const back = this.media?.liveRoom(roomId);
      if (back) running.recorder.changed(back);
      else void this.finish(roomId);
    }, this.deps.reconnectGraceMs);
  }

  private finish(roomId: number): Promise<void> {
    const running = this.active.get(roomId);
    if (!running) return Promise.resolve();
    this.active.delete(roomId);
    clearTimeout(running.grace);
    clearInterval(running.census);
    const done = this.store(running).finally(() => this.finishing.delete(done));
    this.finishing.add(done);
    return done;
  }

  private async store(running: Active): Promise<void> {
    const roomId = running.row.roomId;
    const { row, recorder, dir } = running;
    this.announce(row.floorId, roomId, null);
    this.saving.add(row.id);
    try {
      await row.update({ status: 'processing', endedAt: new Date(), heartbeatAt: new Date() });
      const result = await recorder.stop(path.join(dir, 'recording.webm'));
      if (!result) {
        await row.update({ status: 'failed' });
        this.tellFailed(row);
        return;
      }
      if (await storeRendered(this.deps, row, result)) this.deps.finished(row.id);
    } catch (err) {
      this.deps.logger.error({ err, recordingId: row.id }, 'recording failed to stop');
      await row.update({ status: 'failed' }).catch(() => undefined);
      this.tellFailed(row);
    } finally {
      this.saving.delete(row.id);
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** The one who started it hears that it could not be kept (spec: "recording failed to stop"), on every socket. */
  private tellFailed(row: Recording): void {
    if (row.startedBy === null) return; // the account is gone
    const failed: RecordingFailed = {
      recordingId: row.id,
      floorId: row.floorId,
      roomId: row.roomId,
      code: 'RECORDING_STOP_FAILED',
    };
    this.io?.to(accountChannel(row.startedBy)).emit('recording:failed', failed);
  }

  private announce(floorId: number, roomId: number, recording: ActiveRecordingDto | null): void {
    this.io?.to(`floor:${floorId}`).emit('recording:changed', { floorId, roomId, recording });
  }

  private caller(socket: IoSocket): { floorId: number; userId: number } {
    const { floorId, userId } = socket.data;
    if (!floorId || !userId || !socket.rooms.has(`floor:${floorId}`)) throw new AppError('FLOOR_NOT_JOINED');
    return { floorId, userId };
  }
}

import { Op, UniqueConstraintError } from 'sequelize';
import type { ErrorCode, PresentationDto, PresentationRole } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoServer, IoSocket } from '../../realtime/types';
import { viewFloor } from '../floors/floor-access';
import { GUEST_ACCOUNT } from '../floors/guests/guest-link';
import type { StageKind, StagePresentation } from './stage.models';
import { roomOfUser } from '../floors/live/engine/places';
import { speakersOf } from './stage-speakers';
import { StageMoves, type StageMoveDeps } from './stage-moves';
import { managersOf, pushChanged, viewOf } from './stage-push';
import { floorChannel, userChannel, visitorsChannel } from '../floors/live/channels';

/** The stage room of every floor (common/src/domain/floors.ts ROOMS: 7, 'stage', type SPEECH). */
export const STAGE_ROOM_NUMBER = 7;

type Namespace = IoSocket['nsp'];

interface StageCaller {
  floorId: number;
  userId: number;
  /** Host or subhost of the floor. */
  canManage: boolean;
  /** Speech or subhost permission, or the floor's host (spec §6: presenting as speaker). */
  canSpeak: boolean;
  /** Conference or subhost permission, or the floor's host (spec §6: conference). */
  canConference: boolean;
  guest: boolean;
  /** The room they are in now. */
  roomId: number;
}

export interface StageServiceDeps extends StageMoveDeps {
  /** Closes what a user produces in a room (someone taken out of the presentation). */
  silence?: (floorId: number, roomId: number, userId: number) => void;
}

/** May speak on this stage: speech (presentation) or conference (conference) rights. */
export const maySpeak = (c: StageCaller, p: Pick<StagePresentation, 'kind'>) =>
  p.kind === 'C' ? c.canConference : c.canSpeak;
const noRight = (p: Pick<StagePresentation, 'kind'>) =>
  new AppError(p.kind === 'C' ? 'CONFERENCE_NO_PERMISSION' : 'PRESENTATION_NO_PERMISSION');

/**
 * Presentations and their Q&A (spec §4 Presentation, Q&A). Everything is
 * checked against the database on each request: the socket joined a floor
 * and is still in its channel, the user still has a place there and may see
 * it. Every change is sent to the floor's channel (every server process
 * through the adapter).
 */
export class StageService {
  private nsp: Namespace | undefined;

  private readonly silence: NonNullable<StageServiceDeps['silence']>;

  /** The moves of its people: into the waiting room, off the stage, back where they came from. */
  readonly moves: StageMoves;

  constructor(
    private readonly models: Models,
    private readonly deps: StageServiceDeps = {},
  ) {
    this.silence = deps.silence ?? (() => {});
    this.moves = new StageMoves(models, deps);
  }

  attach(socket: IoSocket): void {
    this.nsp ??= socket.nsp;
  }

  /** The server's default namespace, before any socket (the host watch tells floors through it). */
  attachServer(io: IoServer): void {
    this.nsp ??= io.of('/');
  }

  /** The Socket.IO namespace to tell floors through (once a socket attached). */
  get namespace(): Namespace | undefined {
    return this.nsp;
  }

  async caller(socket: IoSocket): Promise<StageCaller> {
    const { floorId, userId } = socket.data;
    if (!floorId || !socket.rooms.has(floorChannel(floorId))) throw new AppError('FLOOR_NOT_JOINED');
    return this.rights(floorId, userId, 'FLOOR_NOT_JOINED');
  }

  /** What a user on the floor may do on its stage; `absent` is thrown when they are not on the floor now. */
  async rights(floorId: number, userId: number | undefined, absent: ErrorCode): Promise<StageCaller> {
    const user = userId ? await this.models.User.findByPk(userId) : null;
    if (!user) throw new AppError(absent === 'FLOOR_NOT_JOINED' ? 'UNAUTHORIZED' : absent);
    // on the floor now (the live floor's memory; floor_users may be a write-behind window behind)
    const roomId = await roomOfUser(this.models, floorId, user.id);
    if (roomId === null) throw new AppError(absent);
    const { floor, me, canManage } = await viewFloor(this.models, user, floorId);
    const guest = user.type === GUEST_ACCOUNT || me?.type === 'GUEST';
    const hosts = floor.hostId === user.id || me?.type === 'HOST' || !!me?.permissionSubhost;
    const canSpeak = !guest && (hosts || !!me?.permissionSpeech);
    const canConference = !guest && (hosts || !!me?.permissionConference);
    return { floorId, userId: user.id, canManage, canSpeak, canConference, guest, roomId };
  }

  running(floorId: number) {
    return this.models.StagePresentation.findOne({ where: { runningFloorId: floorId } });
  }

  /** The floor's running presentation or conference (`kind`: of that kind only, else STAGE_KIND_MISMATCH). */
  async mustRun(floorId: number, kind?: StageKind): Promise<StagePresentation> {
    const p = await this.running(floorId);
    if (!p) throw new AppError('PRESENTATION_NOT_RUNNING');
    if (kind && p.kind !== kind) throw new AppError('STAGE_KIND_MISMATCH');
    return p;
  }

  /** presentation:start — one running presentation per floor, on its stage room. */
  async start(
    socket: IoSocket,
    opts: { isPrivateRoom: boolean; saveChat: boolean },
    kind: StageKind = 'P',
  ): Promise<PresentationDto> {
    const c = await this.caller(socket);
    if (kind === 'C' && !c.canConference && !c.canManage) throw new AppError('CONFERENCE_NO_PERMISSION');
    if (c.guest) throw new AppError('PRESENTATIONS_NOT_ALLOWED');
    if (kind === 'P' && !c.canSpeak && !c.canManage) throw new AppError('PRESENTATION_NO_PERMISSION');
    const room = await this.models.FloorRoom.findOne({ where: { floorId: c.floorId, number: STAGE_ROOM_NUMBER } });
    if (!room) throw new AppError('PRESENTATIONS_NOT_ALLOWED');
    let p: StagePresentation;
    try {
      p = await this.models.StagePresentation.create({
        floorId: c.floorId,
        runningFloorId: c.floorId,
        hostId: c.userId,
        roomId: room.id,
        isPrivateRoom: opts.isPrivateRoom,
        saveChat: opts.saveChat,
        kind,
        startedAt: new Date(),
        endedAt: null,
      });
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw new AppError('PRESENTATION_ALREADY_RUNNING');
      throw error;
    }
    // save-chat: the presentation's chat is its stage room's chat, kept or cleared by the room's leave rule
    // (features/chat/chat-rooms.ts: leavers keep a read-only copy to download, else it is gone once empty)
    if (room.saveChat !== opts.saveChat) await room.update({ saveChat: opts.saveChat });
    // the host is its first speaker
    await this.models.StageMember.create({
      presentationId: p.id,
      userId: c.userId,
      role: 'S',
      returnRoomId: c.roomId === room.id ? null : c.roomId,
      joinedAt: new Date(),
    });
    return this.changed(p, c.userId);
  }

  /**
   * presentation:join — as speaker (speech or subhost) or audience; the client
   * then moves to `roomId`. A private presentation lets in directly only its
   * host, the floor's hosts and subhosts, those already admitted and those
   * called; anyone else waits in its waiting room (role W, `requested` the
   * role asked for) until the host admits them.
   */
  async join(socket: IoSocket, role: PresentationRole, kind?: StageKind): Promise<PresentationDto> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId, kind);
    if (role === 'S' && !maySpeak(c, p)) throw noRight(p);
    const where = { presentationId: p.id, userId: c.userId };
    const member = await this.models.StageMember.findOne({ where });
    const inside = member && member.role !== 'W';
    const free = !p.isPrivateRoom || c.canManage || p.hostId === c.userId || inside || member?.called;
    const next = {
      ...(free ? { role, requested: null, called: false } : { role: 'W' as const, requested: role, called: false }),
      // where a removal sends them back: the room they join from (kept when joining again from the stage)
      ...(c.roomId === p.roomId ? {} : { returnRoomId: c.roomId }),
    };
    if (!member) {
      try {
        await this.models.StageMember.create({ ...where, ...next, joinedAt: new Date() });
      } catch (error) {
        // the same person's second join at the same instant: the first one stands
        if (!(error instanceof UniqueConstraintError)) throw error;
      }
    } else {
      const wasSpeaker = member.role === 'S';
      await member.update(next);
      if (wasSpeaker && next.role !== 'S') this.silence(p.floorId, p.roomId, c.userId);
    }
    // waiting is a place: out of the room (and its call) they asked from, into the waiting room
    if (!free) await this.moves.intoWaitingRoom(p, c.userId);
    return this.changed(p, c.userId);
  }

  /** presentation:leave — out of the presentation (a leave of someone not in it changes nothing). */
  async leave(socket: IoSocket, kind?: StageKind): Promise<null> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId, kind);
    const member = await this.models.StageMember.findOne({ where: { presentationId: p.id, userId: c.userId } });
    const removed = await this.models.StageMember.destroy({ where: { presentationId: p.id, userId: c.userId } });
    this.silence(p.floorId, p.roomId, c.userId);
    if (member?.role === 'W') await this.moves.backFromWaiting(p, c.userId, member.returnRoomId ?? null);
    if (removed) await this.changed(p);
    return null;
  }

  /**
   * presentation:demote — its host (or a floor host or subhost) sends a
   * speaker back to the audience: they stay on the stage as audience, their
   * stage producers close (media:producerClosed, reason host) and everyone
   * sees the change. The presentation's own host is not demoted.
   */
  async demote(socket: IoSocket, userId: number): Promise<PresentationDto> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    if (userId === p.hostId) throw new AppError('BAD_REQUEST');
    const member = await this.models.StageMember.findOne({ where: { presentationId: p.id, userId } });
    if (!member) throw new AppError('USER_NOT_ON_FLOOR');
    // already audience: nothing to do (a second click, or another host was quicker)
    if (member.role === 'S') {
      await member.update({ role: 'A', requested: null, called: false });
      this.silence(p.floorId, p.roomId, userId);
    }
    return this.changed(p, c.userId);
  }

  /**
   * presentation:remove — its host (or a floor host or subhost) takes someone
   * else out of it: their stage producers close, the server moves them off
   * the stage (their media follows the move and closes there), back to the
   * room they came from (the entrance when unknown or refused), and they are
   * told with `presentation:removed`.
   */
  async remove(socket: IoSocket, userId: number): Promise<PresentationDto> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    if (userId === c.userId) throw new AppError('BAD_REQUEST');
    const member = await this.models.StageMember.findOne({ where: { presentationId: p.id, userId } });
    if (!member) throw new AppError('USER_NOT_ON_FLOOR');
    await member.destroy();
    this.silence(p.floorId, p.roomId, userId);
    await this.moves.offStage(p, userId, member.returnRoomId ?? null);
    this.nsp
      ?.to(userChannel(p.floorId, userId))
      .emit('presentation:removed', { floorId: p.floorId, presentationId: p.id, by: c.userId });
    return this.changed(p, c.userId);
  }

  /** Someone left the floor: out of its presentation (live.watchPlaces). */
  async leftFloor(floorId: number, userId: number): Promise<void> {
    const p = await this.running(floorId);
    if (!p) return;
    const removed = await this.models.StageMember.destroy({ where: { presentationId: p.id, userId } });
    if (removed) await this.changed(p);
  }

  /**
   * presentation:view — its host (or a floor host or subhost) shows a
   * speaker's camera or screen large for everyone (null: each client picks)
   * and opens or closes the participant list for everyone.
   */
  async setView(
    socket: IoSocket,
    view: { focused?: { userId: number; source: 'camera' | 'screen' } | null; showParticipants?: boolean },
  ): Promise<PresentationDto> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    const focused = view.focused;
    if (focused) {
      const where = { presentationId: p.id, userId: focused.userId, role: 'S' };
      if (!(await this.models.StageMember.count({ where }))) throw new AppError('PRESENTATION_NOT_SPEAKER');
    }
    await p.update({
      ...(focused === undefined
        ? {}
        : { focusedUserId: focused?.userId ?? null, focusedSource: focused?.source ?? null }),
      ...(view.showParticipants === undefined ? {} : { showParticipants: view.showParticipants }),
    });
    return this.changed(p, c.userId);
  }

  /**
   * presentation:stop — its host or a host or subhost of the floor ends it;
   * questions stay with it. Everyone told it ended, the server takes its
   * members still on the stage or in the waiting room back to the room each
   * came from (the entrance when unknown or refused), as a removal does; the
   * clients do not move themselves on an end.
   */
  async stop(socket: IoSocket, kind?: StageKind): Promise<null> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId, kind);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    await this.end(p);
    return null;
  }

  /**
   * Ends a running presentation (its host's stop, or the host gone: host-watch.ts):
   * only once, even with several server processes; answers whether this call ended it.
   */
  async end(p: StagePresentation): Promise<boolean> {
    const floorId = p.floorId;
    const [ended] = await this.models.StagePresentation.update(
      { runningFloorId: null, endedAt: new Date() },
      { where: { id: p.id, runningFloorId: floorId } },
    );
    if (ended === 0) return false;
    // read after the end: no join passes mustRun any more
    const members = await this.models.StageMember.findAll({ where: { presentationId: p.id } });
    await this.models.StageMember.destroy({ where: { presentationId: p.id } });
    this.nsp
      ?.to(floorChannel(floorId))
      .except(visitorsChannel(floorId))
      .emit('presentation:changed', { floorId, presentation: null });
    await this.moves.allOff(p, members);
    return true;
  }

  /** Hands a running presentation to another host (its host gone: host-watch.ts), once; answers whether it did. */
  async handOver(p: StagePresentation, to: number): Promise<boolean> {
    const [moved] = await this.models.StagePresentation.update(
      { hostId: to },
      { where: { id: p.id, hostId: p.hostId, runningFloorId: p.floorId } },
    );
    if (moved === 0) return false;
    await p.reload();
    await this.changed(p, to);
    return true;
  }

  async dto(p: StagePresentation): Promise<PresentationDto> {
    const members = await this.models.StageMember.findAll({ where: { presentationId: p.id }, order: [['id', 'ASC']] });
    const ids = [...new Set([p.hostId, ...members.map((m) => m.userId)])];
    // one read of the accounts: their names, and what the speaking rule reads of them (stage-speakers.ts)
    const users = await this.models.User.findAll({
      where: { id: { [Op.in]: ids } },
      attributes: ['id', 'name', 'type', 'verifiedAt', 'email'],
    });
    const listeners = new Set(members.filter((m) => m.role !== 'S').map((m) => m.userId));
    const speakers = await speakersOf(
      this.models,
      p,
      users.filter((u) => listeners.has(u.id)),
    );
    const names = new Map(users.map((u) => [u.id, u.name]));
    return {
      id: p.id,
      floorId: p.floorId,
      kind: p.kind === 'C' ? 'conference' : 'presentation',
      status: 'running',
      host: { id: p.hostId, name: names.get(p.hostId) ?? '' },
      roomId: p.roomId,
      isPrivateRoom: p.isPrivateRoom,
      saveChat: p.saveChat,
      // only one of its speakers now (a speaker who left or went back to the audience is no longer shown)
      focused:
        p.focusedUserId !== null &&
        p.focusedSource &&
        members.some((m) => m.userId === p.focusedUserId && m.role === 'S')
          ? { userId: p.focusedUserId, source: p.focusedSource }
          : null,
      showParticipants: p.showParticipants,
      members: members.map((m) => ({
        userId: m.userId,
        name: names.get(m.userId) ?? '',
        role: m.role,
        requested: m.requested ?? null,
        called: m.called,
        maySpeak: m.role === 'S' || speakers.has(m.userId),
      })),
      startedAt: p.startedAt.toISOString(),
    };
  }

  /** The presentation as `viewerId` may see it (stage-push.ts: requests only to those who act on them). */
  async viewFor(p: StagePresentation, viewerId: number): Promise<PresentationDto> {
    const [full, managers] = await Promise.all([this.dto(p), managersOf(this.models, p)]);
    return viewOf(full, viewerId, managers.has(viewerId));
  }

  /** Tells the floor (each in their view) and answers the view of `viewerId` (the caller). */
  async changed(p: StagePresentation, viewerId?: number): Promise<PresentationDto> {
    const [full, managers] = await Promise.all([this.dto(p), managersOf(this.models, p)]);
    if (this.nsp) pushChanged(this.nsp, full, managers);
    return viewerId === undefined ? full : viewOf(full, viewerId, managers.has(viewerId));
  }
}

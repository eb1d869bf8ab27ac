import { Op, UniqueConstraintError } from 'sequelize';
import type { ErrorCode, PresentationDto, PresentationRole } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import { viewFloor } from '../floors/floor-access';
import { GUEST_ACCOUNT } from '../floors/guests/guest-link';
import { floorChannel } from '../floors/live/live-context';
import type { StageKind, StagePresentation } from './stage.models';
import { roomOfUser } from '../floors/live/engine/places';

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

  constructor(
    private readonly models: Models,
    /** Closes what a user produces in a room (someone taken out of the presentation). */
    private readonly silence: (floorId: number, roomId: number, userId: number) => void = () => {},
  ) {}

  attach(socket: IoSocket): void {
    this.nsp ??= socket.nsp;
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
    if ((await roomOfUser(this.models, floorId, user.id)) === null) throw new AppError(absent);
    const { floor, me, canManage } = await viewFloor(this.models, user, floorId);
    const guest = user.type === GUEST_ACCOUNT || me?.type === 'GUEST';
    const hosts = floor.hostId === user.id || me?.type === 'HOST' || !!me?.permissionSubhost;
    const canSpeak = !guest && (hosts || !!me?.permissionSpeech);
    const canConference = !guest && (hosts || !!me?.permissionConference);
    return { floorId, userId: user.id, canManage, canSpeak, canConference, guest };
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
    await this.models.StageMember.create({ presentationId: p.id, userId: c.userId, role: 'S', joinedAt: new Date() });
    return this.changed(p);
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
    const next = free
      ? { role, requested: null, called: false }
      : { role: 'W' as const, requested: role, called: false };
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
    return this.changed(p);
  }

  /** presentation:leave — out of the presentation (a leave of someone not in it changes nothing). */
  async leave(socket: IoSocket, kind?: StageKind): Promise<null> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId, kind);
    const removed = await this.models.StageMember.destroy({ where: { presentationId: p.id, userId: c.userId } });
    this.silence(p.floorId, p.roomId, c.userId);
    if (removed) await this.changed(p);
    return null;
  }

  /** presentation:remove — its host (or a floor host or subhost) takes someone else out of it. */
  async remove(socket: IoSocket, userId: number): Promise<PresentationDto> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    if (userId === c.userId) throw new AppError('BAD_REQUEST');
    const removed = await this.models.StageMember.destroy({ where: { presentationId: p.id, userId } });
    if (!removed) throw new AppError('USER_NOT_ON_FLOOR');
    this.silence(p.floorId, p.roomId, userId);
    return this.changed(p);
  }

  /** Someone left the floor: out of its presentation (live.watchPlaces). */
  async leftFloor(floorId: number, userId: number): Promise<void> {
    const p = await this.running(floorId);
    if (!p) return;
    const removed = await this.models.StageMember.destroy({ where: { presentationId: p.id, userId } });
    if (removed) await this.changed(p);
  }

  /** presentation:stop — its host or a host or subhost of the floor ends it; questions stay with it. */
  async stop(socket: IoSocket, kind?: StageKind): Promise<null> {
    const c = await this.caller(socket);
    const p = await this.mustRun(c.floorId, kind);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    await p.update({ runningFloorId: null, endedAt: new Date() });
    await this.models.StageMember.destroy({ where: { presentationId: p.id } });
    this.nsp?.to(floorChannel(c.floorId)).emit('presentation:changed', { floorId: c.floorId, presentation: null });
    return null;
  }

  async dto(p: StagePresentation): Promise<PresentationDto> {
    const members = await this.models.StageMember.findAll({ where: { presentationId: p.id }, order: [['id', 'ASC']] });
    const ids = [...new Set([p.hostId, ...members.map((m) => m.userId)])];
    const users = await this.models.User.findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id', 'name'] });
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
      members: members.map((m) => ({
        userId: m.userId,
        name: names.get(m.userId) ?? '',
        role: m.role,
        requested: m.requested ?? null,
        called: m.called,
      })),
      startedAt: p.startedAt.toISOString(),
    };
  }

  async changed(p: StagePresentation): Promise<PresentationDto> {
    const presentation = await this.dto(p);
    this.nsp?.to(floorChannel(p.floorId)).emit('presentation:changed', { floorId: p.floorId, presentation });
    return presentation;
  }
}

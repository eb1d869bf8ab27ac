import { Op } from 'sequelize';
import type { KnockDto, LobbyState, VisitDto } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { AppError } from '../../../http/app-error';
import type { Clock } from '../../../lib/clock';
import type { Logger } from '../../../lib/logger';
import type { IoServer, IoSocket } from '../../../realtime/types';
import { viewFloor } from '../../floors/floor-access';
import type { Appointment } from '../appointment.model';
import type { RoomHolds } from './room-holds';
import { answerersOf, toUsers, visitOf } from './visit-dto';
import { userChannel } from '../../floors/live/channels';

export interface LobbyDeps {
  models: Models;
  clock: Clock;
  logger: Logger;
  holds: RoomHolds;
  io: () => IoServer | undefined;
  /** The live floor's move of someone on the floor into a room, as an accepted invitation. */
  moveUser: (floorId: number, userId: number, roomId: number) => Promise<unknown>;
}

/**
 * The lobby of guest visits (spec §6 "reject or authenticate lobby
 * participants"): the guest, on the floor but outside the held room, knocks;
 * the booking's owner and the host are told; the owner, host or a subhost
 * admits (the guest is moved into the booked room) or rejects (the guest's
 * connection to the floor closes with the rejected screen).
 */
export class VisitLobby {
  constructor(private readonly deps: LobbyDeps) {}

  /** appointment:lobby — a guest's visit (now, else the next, else the last), and the knocks waiting for the caller. */
  async state(socket: IoSocket): Promise<LobbyState> {
    const { floorId, userId } = onFloor(socket);
    const visit = socket.data.guestFloorId === undefined ? null : await this.visitOfGuest(floorId, userId);
    const now = this.deps.clock.now();
    const knocking = await this.deps.models.Appointment.findAll({
      where: { floorId, guestStatus: 'knocking', startAt: { [Op.lte]: now }, endAt: { [Op.gt]: now } },
    });
    const knocks: KnockDto[] = [];
    for (const row of knocking)
      if ((await answerersOf(this.deps.models, row)).includes(userId))
        knocks.push({ visit: (await visitOf(this.deps.models, row)).dto, knockedAt: row.knockedAt!.toISOString() });
    return { visit: visit && (await visitOf(this.deps.models, visit)).dto, knocks };
  }

  /** appointment:knock — only a guest session, during its appointment. */
  async knock(socket: IoSocket): Promise<VisitDto> {
    const { floorId, userId } = onFloor(socket);
    if (socket.data.guestFloorId === undefined) throw new AppError('FORBIDDEN');
    const row = await this.visitOfGuest(floorId, userId);
    if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
    const now = this.deps.clock.now().getTime();
    if (now < row.startAt.getTime()) throw new AppError('APPOINTMENT_NOT_STARTED');
    if (now >= row.endAt.getTime()) throw new AppError('APPOINTMENT_ENDED');
    if (row.guestStatus === 'rejected') throw new AppError('APPOINTMENT_REJECTED');
    if (row.guestStatus === 'admitted') {
      await this.deps.moveUser(floorId, userId, row.roomId);
      return (await visitOf(this.deps.models, row)).dto;
    }
    await row.update({ guestStatus: 'knocking', knockedAt: new Date(now) });
    const { dto } = await visitOf(this.deps.models, row);
    const io = this.deps.io();
    if (io)
      toUsers(io, floorId, await answerersOf(this.deps.models, row)).emit('appointment:knocked', {
        visit: dto,
        knockedAt: row.knockedAt!.toISOString(),
      });
    return dto;
  }

  /** appointment:admit / appointment:reject — the booking's owner, the host or a subhost, while it runs. */
  async answer(socket: IoSocket, appointmentId: number, admit: boolean): Promise<VisitDto> {
    const { models, clock } = this.deps;
    const { userId } = onFloor(socket);
    const row = await models.Appointment.findByPk(appointmentId);
    const user = await models.User.findByPk(userId);
    if (!row || !user) throw new AppError('APPOINTMENT_NOT_FOUND');
    const access = await viewFloor(models, user, row.floorId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'FLOOR_NOT_FOUND'
        ? new AppError('APPOINTMENT_NOT_FOUND')
        : error;
    });
    if (socket.data.guestFloorId !== undefined || !(access.canManage || row.createdBy === userId))
      throw new AppError('FORBIDDEN');
    const now = clock.now().getTime();
    if (now < row.startAt.getTime()) throw new AppError('APPOINTMENT_NOT_STARTED');
    if (now >= row.endAt.getTime()) throw new AppError('APPOINTMENT_ENDED');
    if (!row.participantId) throw new AppError('BAD_REQUEST');
    await row.update({ guestStatus: admit ? 'admitted' : 'rejected' });
    await this.deps.holds.refresh();
    const { dto } = await visitOf(models, row);
    const io = this.deps.io();
    if (io)
      toUsers(io, row.floorId, await answerersOf(models, row)).emit('appointment:knockAnswered', {
        appointmentId: row.id,
        admitted: admit,
      });
    if (dto.guestUserId !== null) await this.tellGuest(row, dto, dto.guestUserId, admit);
    return dto;
  }

  private async tellGuest(row: Appointment, dto: VisitDto, guestUserId: number, admit: boolean) {
    const io = this.deps.io();
    if (admit) {
      io?.to(userChannel(row.floorId, guestUserId)).emit('appointment:admitted', dto);
      // a guest not on the floor now enters the room on their next knock
      await this.deps
        .moveUser(row.floorId, guestUserId, row.roomId)
        .catch((err: unknown) => this.deps.logger.warn({ err, appointmentId: row.id }, 'admitted guest not moved'));
      return;
    }
    for (const s of (await io?.in(userChannel(row.floorId, guestUserId)).fetchSockets()) ?? []) {
      s.emit('appointment:rejected', { appointmentId: row.id });
      s.disconnect(true);
    }
  }

  /** The guest's appointment on the floor: running now, else the next, else the last one. */
  async visitOfGuest(floorId: number, userId: number): Promise<Appointment | null> {
    const { models, clock } = this.deps;
    const participant = await models.FloorParticipant.findOne({ where: { floorId, userId }, attributes: ['id'] });
    if (!participant) return null;
    const rows = await models.Appointment.findAll({
      where: { participantId: participant.id },
      order: [['startAt', 'ASC']],
    });
    const now = clock.now().getTime();
    return (
      rows.find((r) => r.startAt.getTime() <= now && now < r.endAt.getTime()) ??
      rows.find((r) => now < r.startAt.getTime()) ??
      rows.at(-1) ??
      null
    );
  }
}

function onFloor(socket: IoSocket) {
  const { floorId, userId } = socket.data;
  if (!floorId || !userId) throw new AppError('FLOOR_NOT_JOINED');
  return { floorId, userId };
}

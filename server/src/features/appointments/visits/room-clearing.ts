import { Op } from 'sequelize';
import { ROOM_INVITATION_TIMEOUT_MS, type RoomClearedDto, type VisitDto } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Logger } from '../../../lib/logger';
import type { IoServer } from '../../../realtime/types';
import { viewFloor } from '../../floors/floor-access';
import { usersInRoom } from '../../floors/live/engine/places';
import type { Appointment } from '../appointment.model';
import { HOLD_HORIZON_MS } from './room-holds';
import { userChannel } from '../../floors/live/channels';

/** The room everyone arrives in, where the floor sends people it moves out (floor-join.ts). */
const ENTRANCE = 1;

export interface ClearingDeps {
  models: Models;
  logger: Logger;
  io: () => IoServer | undefined;
  /** The live floor's move of someone on the floor into a room (as an accepted invitation: no password, no flags). */
  moveUser: (floorId: number, userId: number, roomId: number) => Promise<unknown>;
}

/**
 * "The booking holds the room for the whole visit" (issue 16): at its start,
 * whoever is inside and not admitted by the booking is taken to the
 * entrance and told why (`appointment:roomCleared`). The booking admits its
 * owner, the floor's host and subhosts, its guest once admitted, and those
 * who accepted an invitation into the room from one of them (made at most
 * an hour before the start: the owner gathering their people). Answers who
 * was moved.
 */
export async function clearBookedRoom(deps: ClearingDeps, row: Appointment, visit: VisitDto): Promise<number[]> {
  const { models, logger } = deps;
  const inside = await usersInRoom(models, row.roomId);
  if (inside.length === 0) return [];
  const entrance = await models.FloorRoom.findOne({ where: { floorId: row.floorId, number: ENTRANCE } });
  if (!entrance || entrance.id === row.roomId) return [];
  const managers = new Set<number>();
  const allowed = new Set<number>();
  if (row.createdBy !== null) allowed.add(row.createdBy);
  if (visit.guestUserId !== null && visit.guestStatus === 'admitted') allowed.add(visit.guestUserId);
  for (const userId of inside) if (await manages(models, userId, row.floorId)) managers.add(userId);
  const inviters = new Set([...allowed, ...managers]);
  const invitations = await models.RoomInvitation.findAll({
    where: {
      floorId: row.floorId,
      roomId: row.roomId,
      status: 'accepted',
      inviteeId: inside,
      // made on the floor's clock: it expires ROOM_INVITATION_TIMEOUT_MS after it was sent (createdAt is wall time)
      expiresAt: { [Op.gte]: new Date(row.startAt.getTime() - HOLD_HORIZON_MS + ROOM_INVITATION_TIMEOUT_MS) },
    },
    attributes: ['inviterId', 'inviteeId'],
  });
  for (const i of invitations)
    if (inviters.has(i.inviterId) || (await manages(models, i.inviterId, row.floorId))) allowed.add(i.inviteeId);
  const moved: number[] = [];
  for (const userId of inside) {
    if (allowed.has(userId) || managers.has(userId)) continue;
    try {
      if ((await deps.moveUser(row.floorId, userId, entrance.id)) === null) continue;
    } catch (err) {
      // the entrance full, the person just left: the hold still keeps them from coming back in
      logger.warn({ err, appointmentId: row.id, userId }, 'not moved out of the booked room');
      continue;
    }
    moved.push(userId);
    const notice: RoomClearedDto = {
      appointmentId: row.id,
      floorId: row.floorId,
      roomId: row.roomId,
      roomNumber: visit.roomNumber,
      endAt: visit.endAt,
      toRoomId: entrance.id,
    };
    deps.io()?.to(userChannel(row.floorId, userId)).emit('appointment:roomCleared', notice);
  }
  return moved;
}

/** The host or a subhost of the floor (a user who lost the floor manages nothing). */
async function manages(models: Models, userId: number, floorId: number): Promise<boolean> {
  const user = await models.User.findByPk(userId);
  if (!user) return false;
  return viewFloor(models, user, floorId).then(
    (access) => access.canManage,
    () => false,
  );
}

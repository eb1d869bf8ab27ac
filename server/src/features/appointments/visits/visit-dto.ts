import { type GuestVisitStatus, type VisitDto } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { IoServer } from '../../../realtime/types';
import type { Appointment } from '../appointment.model';
import { userChannel } from '../../floors/live/channels';

/** An appointment with what the live floor shows of it: its room's number and its guest. */
export interface Visit {
  row: Appointment;
  dto: VisitDto;
}

export async function visitOf(models: Models, row: Appointment): Promise<Visit> {
  const [room, guest] = await Promise.all([
    models.FloorRoom.findByPk(row.roomId, { attributes: ['id', 'number'] }),
    row.participantId ? models.FloorParticipant.findByPk(row.participantId) : null,
  ]);
  return {
    row,
    dto: {
      id: row.id,
      floorId: row.floorId,
      roomId: row.roomId,
      roomNumber: room?.number ?? 0,
      title: row.title,
      startAt: row.startAt.toISOString(),
      endAt: row.endAt.toISOString(),
      reminder: row.reminder,
      extendTime: row.extendTime,
      ownerId: row.createdBy,
      guestUserId: guest?.userId ?? null,
      guestName: guest?.name ?? null,
      guestStatus: (row.guestStatus as GuestVisitStatus | null) ?? null,
    },
  };
}

/** Who answers a knock and gets the reminder: the booking's owner and the floor's host. */
export async function answerersOf(models: Models, row: Appointment): Promise<number[]> {
  const floor = await models.Floor.findByPk(row.floorId, { attributes: ['id', 'hostId'] });
  return [...new Set([row.createdBy, floor?.hostId ?? null].filter((id): id is number => id != null))];
}

/** Emits to each user's sockets on the floor. */
export function toUsers(io: IoServer, floorId: number, userIds: number[]) {
  return io.to(userIds.map((id) => userChannel(floorId, id)));
}

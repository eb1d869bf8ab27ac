import type { Models } from '../../../../../db/models';
import { AppError } from '../../../../../http/app-error';
import type { Person } from '../floor-state';
import type { LogEntry } from '../write-behind';

/**
 * The operations of a process that has closed its live floors (SIGTERM:
 * what it owned is written and its leases released) while the rest of its
 * shutdown still reads places (chat membership passes): answered from
 * floor_users, as the database now holds what this process knew. Changes
 * are refused; nothing is left to write.
 */
export async function afterClose(
  models: Models,
  floorId: number,
  op: { op: string; userId?: number; roomId?: number; entry?: Omit<LogEntry, 'at'> & { at: string } },
): Promise<unknown> {
  const people = async (where: { floorId: number; userId?: number; roomId?: number }) =>
    (
      await models.FloorUser.findAll({
        where,
        attributes: ['userId', 'roomId', 'seat', 'participantType', 'activeStatus'],
        order: [['id', 'ASC']],
      })
    ).map(
      (r): Person => ({
        userId: r.userId,
        roomId: r.roomId,
        seat: r.seat,
        participantType: r.participantType,
        status: r.activeStatus,
        sockets: [],
      }),
    );
  switch (op.op) {
    case 'placeOf':
      return (await people({ floorId, userId: op.userId! }))[0] ?? null;
    case 'people':
      return people({ floorId });
    case 'census': {
      const all = await people({ floorId });
      return { placed: all.some((p) => p.userId === op.userId), size: all.length };
    }
    case 'usersInRoom':
      return (await people({ floorId, roomId: op.roomId! })).map((p) => p.userId);
    case 'log':
      await models.ParticipantLog.create({ ...op.entry!, at: new Date(op.entry!.at) });
      return null;
    case 'flush':
    case 'unload':
      return null;
    default:
      throw new AppError('SERVICE_UNAVAILABLE');
  }
}

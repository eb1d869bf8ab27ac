import { Op } from 'sequelize';
import { toJapanTime } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { AppError } from '../../../http/app-error';
import type { Clock } from '../../../lib/clock';
import type { RoomEntry, RoomGateAnswer } from '../../floors/live/live-context';

/** What the room gate needs of a booking, in memory (moves are the hot path: no query per move). */
export interface Hold {
  id: number;
  floorId: number;
  roomId: number;
  startAt: number;
  endAt: number;
  ownerId: number | null;
  guestUserId: number | null;
  admitted: boolean;
}

/** Bookings starting within this much of a refresh are held in memory (the scheduler refreshes every few seconds). */
export const HOLD_HORIZON_MS = 3600_000;

/**
 * "The booking holds the room for the visit" (issue 16): while a booking
 * runs, its room admits the booking's owner, the host and subhosts, those
 * who accepted a room invitation, and its guest once admitted — anyone else
 * is ROOM_BOOKED; the guest before admission is APPOINTMENT_WAIT_FOR_HOST.
 * The running and coming bookings are kept per room and read again on every
 * change of a booking and on every scheduler tick (several processes: each
 * refreshes its own within one tick).
 */
export class RoomHolds {
  private byRoom = new Map<number, Hold[]>();

  constructor(
    private readonly models: Models,
    private readonly clock: Clock,
  ) {}

  async refresh(): Promise<void> {
    const now = this.clock.now().getTime();
    const rows = await this.models.Appointment.findAll({
      where: { endAt: { [Op.gt]: new Date(now) }, startAt: { [Op.lt]: new Date(now + HOLD_HORIZON_MS) } },
    });
    const participantIds = rows.map((r) => r.participantId).filter((id): id is number => id != null);
    const guests = participantIds.length
      ? await this.models.FloorParticipant.findAll({ where: { id: participantIds }, attributes: ['id', 'userId'] })
      : [];
    const next = new Map<number, Hold[]>();
    for (const r of rows) {
      const hold: Hold = {
        id: r.id,
        floorId: r.floorId,
        roomId: r.roomId,
        startAt: r.startAt.getTime(),
        endAt: r.endAt.getTime(),
        ownerId: r.createdBy,
        guestUserId: guests.find((g) => g.id === r.participantId)?.userId ?? null,
        admitted: r.guestStatus === 'admitted',
      };
      next.set(r.roomId, [...(next.get(r.roomId) ?? []), hold]);
    }
    this.byRoom = next;
  }

  /** The booking running in a room now, if any. */
  runningIn(roomId: number): Hold | null {
    const now = this.clock.now().getTime();
    return this.byRoom.get(roomId)?.find((h) => h.startAt <= now && now < h.endAt) ?? null;
  }

  /** The live floor's room gate (FloorGates.room). */
  readonly gate = (entry: RoomEntry): RoomGateAnswer => {
    if (entry.canManage || entry.invited) return;
    const hold = this.runningIn(entry.roomId);
    if (!hold) return;
    // the booking lets its owner and its admitted guest in, whatever their room flags
    if (hold.ownerId === entry.userId) return 'granted';
    if (hold.guestUserId === entry.userId) {
      if (hold.admitted) return 'granted';
      throw new AppError('APPOINTMENT_WAIT_FOR_HOST');
    }
    throw new AppError('ROOM_BOOKED', { values: { end: toJapanTime(new Date(hold.endAt)).slice(11, 16) } });
  };
}

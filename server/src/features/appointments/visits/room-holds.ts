import { Op } from 'sequelize';
import { toJapanTime } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { AppError } from '../../../http/app-error';
import type { Clock } from '../../../lib/clock';
import type { RoomEntry, RoomGateAnswer } from '../../floors/live/live-context';
import { LOBBY_NUMBER } from '../../floors/live/visitor-view';
import { isVisitor } from '../../floors/outsider-policy';

/** What the room gate needs of a booking, in memory (moves are the hot path: no query per move). */
export interface Hold {
  id: number;
  /** The booking's guest (their participant row), if any. */
  participantId: number | null;
  floorId: number;
  roomId: number;
  startAt: number;
  endAt: number;
  ownerId: number | null;
  guestUserId: number | null;
  /** The guest is a booked visitor (the booking made their invitation: outsider-policy isVisitor). */
  visitor: boolean;
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
  /** Floors with a booking that has a guest, running or coming within the horizon. */
  private guestFloors = new Set<number>();

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
      ? await this.models.FloorParticipant.findAll({
          where: { id: participantIds },
          attributes: ['id', 'userId', 'type', 'fromBooking'],
        })
      : [];
    const next = new Map<number, Hold[]>();
    const guestFloors = new Set<number>();
    for (const r of rows) {
      const guest = guests.find((g) => g.id === r.participantId);
      if (guest) guestFloors.add(r.floorId);
      const hold: Hold = {
        id: r.id,
        participantId: r.participantId,
        floorId: r.floorId,
        roomId: r.roomId,
        startAt: r.startAt.getTime(),
        endAt: r.endAt.getTime(),
        ownerId: r.createdBy,
        guestUserId: guest?.userId ?? null,
        visitor: isVisitor(guest),
        admitted: r.guestStatus === 'admitted',
      };
      next.set(r.roomId, [...(next.get(r.roomId) ?? []), hold]);
    }
    this.byRoom = next;
    this.guestFloors = guestFloors;
  }

  /** Whether the holds know this participant row's account already (else a refresh learns it). */
  knowsGuest(participantId: number, userId: number): boolean {
    for (const holds of this.byRoom.values())
      for (const h of holds) if (h.participantId === participantId) return h.guestUserId === userId;
    return true; // none of its bookings runs or comes soon: nothing to learn
  }

  /** Whether a floor may have booked visitors on it now (the live floor then gives them their own view). */
  readonly visitsOn = (floorId: number) => this.guestFloors.has(floorId);

  /** The running bookings whose guest is this user. */
  visitsOf(floorId: number, userId: number): Hold[] {
    const now = this.clock.now().getTime();
    return [...this.byRoom.values()]
      .flat()
      .filter((h) => h.floorId === floorId && h.guestUserId === userId && h.startAt <= now && now < h.endAt);
  }

  /**
   * A booked visitor moves only between the lobby and the rooms of their
   * running bookings (issue 25 §3); a host bringing them elsewhere (an
   * invitation, an admission) is not refused. The booked room's own rule
   * (admitted or not) is the gate below.
   */
  readonly visitorGate = (entry: RoomEntry): RoomGateAnswer => {
    if (!entry.visitor || entry.canManage || entry.invited || entry.roomNumber === LOBBY_NUMBER) return;
    if (this.visitsOf(entry.floorId, entry.userId).some((h) => h.roomId === entry.roomId)) return;
    throw new AppError('VISITOR_STAYS_IN_VISIT');
  };

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

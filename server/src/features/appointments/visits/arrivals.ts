import { Op } from 'sequelize';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { IoServer } from '../../../realtime/types';
import { answerersOf, toUsers, visitOf } from './visit-dto';

/** A guest back within this long (a reload, a dropped connection) is not announced again. */
export const ARRIVAL_QUIET_MS = 60_000;

/**
 * "The host gets a desktop notification when the guest arrives" (issue 16):
 * when an appointment's guest comes onto the floor during their visit (the
 * lobby: the entrance, behind the standby dialog), the booking's owner and
 * the floor's host get `appointment:arrived`, before any knock. Not for a
 * guest already admitted or declined. Once per visit within ARRIVAL_QUIET_MS
 * on this process.
 */
export class Arrivals {
  private readonly told = new Map<number, number>();

  constructor(private readonly deps: { models: Models; clock: Clock; io: () => IoServer | undefined }) {}

  readonly arrived = async (floorId: number, userId: number): Promise<void> => {
    const { models, clock } = this.deps;
    const io = this.deps.io();
    if (!io) return;
    const participant = await models.FloorParticipant.findOne({ where: { floorId, userId }, attributes: ['id'] });
    if (!participant) return;
    const now = clock.now();
    const row = await models.Appointment.findOne({
      where: { floorId, participantId: participant.id, startAt: { [Op.lte]: now }, endAt: { [Op.gt]: now } },
    });
    if (!row || row.guestStatus === 'admitted' || row.guestStatus === 'rejected') return;
    const last = this.told.get(row.id);
    if (last !== undefined && now.getTime() - last < ARRIVAL_QUIET_MS) return;
    this.told.set(row.id, now.getTime());
    for (const [id, at] of this.told) if (now.getTime() - at >= ARRIVAL_QUIET_MS) this.told.delete(id);
    const { dto } = await visitOf(models, row);
    toUsers(io, floorId, await answerersOf(models, row)).emit('appointment:arrived', {
      visit: dto,
      arrivedAt: now.toISOString(),
    });
  };
}

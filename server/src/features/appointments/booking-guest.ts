import type { Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import type { FloorParticipant } from '../floors/participant.model';
import { GUEST_ACCOUNT } from '../floors/guests/guest-link';

/**
 * A booking lost its guest (taken off it, or the booking deleted): when that
 * was their last booking, the participant row the booking made for them ends,
 * and their link with it. Kept: a row the host made by inviting the person to
 * the floor (a booking only reused it), a row other bookings still use, and
 * the row of someone with their own account. Answers whether the row ended.
 */
export async function endBookingGuest(
  models: Models,
  guest: FloorParticipant,
  transaction: Transaction,
): Promise<boolean> {
  if (!guest.fromBooking || guest.type !== 'GUEST') return false;
  if ((await models.Appointment.count({ where: { participantId: guest.id }, transaction })) > 0) return false;
  const account = guest.userId ? await models.User.findByPk(guest.userId, { transaction }) : null;
  if (account && account.type !== GUEST_ACCOUNT) return false;
  await guest.destroy({ transaction });
  return true;
}

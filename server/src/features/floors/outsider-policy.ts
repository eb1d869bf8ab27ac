import type { RoomType } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import type { FloorAccess } from './floor-access';
import type { FloorParticipant } from './participant.model';
import { GUEST_ACCOUNT } from './guests/guest-link';
import { permissionForRoom, permissionsOf } from './live/room-permissions';

/**
 * A guest of the floor: an account-less guest, or anyone whose row on the
 * floor is GUEST (an outside account let in by the host or the public link),
 * whatever flags a host gave that row.
 */
export const isFloorGuest = (user: Pick<User, 'type'>, access: Pick<FloorAccess, 'me'>) =>
  user.type === GUEST_ACCOUNT || access.me?.type === 'GUEST';

/**
 * A booked visitor: someone whose invitation to the floor is a booking's (a
 * GUEST row the booking made). They see and reach only what the booking
 * opens (the lobby, the booked room and its chat) unless a host brings them
 * elsewhere. A guest the host invited to the floor, or one of a public
 * floor's link, is a floor guest, not a visitor.
 */
export const isVisitor = (me: Pick<FloorParticipant, 'type' | 'fromBooking'> | null | undefined) =>
  me?.type === 'GUEST' && me.fromBooking;

/** What brings a person from outside in: an invitation to the floor, or a booking of a room (with or without its guest). */
export type OutsiderPath = { kind: 'floor' } | { kind: 'room'; type: RoomType | null };

/**
 * The one rule of who brings people from outside onto a floor (spec §6;
 * issue 25 §1), used by every path that does: floor invitations
 * (participant/register), bookings and their guests (appointments,
 * guest-appointment, register-participant), and receptions (bookings of
 * guest lounges).
 * - Invitations to the floor: its host and subhosts (an outside account the
 *   host made subhost too: the host chose to share the floor with them).
 * - Anyone else who is a guest never brings anyone in (GUESTS_CANNOT_INVITE).
 * - A room's booking: hosts and subhosts, or a member with the room's flag —
 *   meeting rooms ask for meetingRoom, guest lounges for receptionRoom
 *   (APPOINTMENT_NO_PERMISSION otherwise). A booking lets its author into
 *   the room and mails its guest a personal link, so booking is entering.
 */
/** The same rule as a yes or no (what the calendar shows before a click). */
export function mayBringOutsiders(user: Pick<User, 'type'>, access: FloorAccess, path: OutsiderPath): boolean {
  try {
    assertMayBringOutsiders(user, access, path);
    return true;
  } catch {
    return false;
  }
}

export function assertMayBringOutsiders(user: Pick<User, 'type'>, access: FloorAccess, path: OutsiderPath): void {
  if (access.canManage) return;
  if (isFloorGuest(user, access)) throw new AppError('GUESTS_CANNOT_INVITE');
  if (path.kind === 'floor') throw new AppError('FORBIDDEN');
  const needed = permissionForRoom(path.type);
  if (needed && !permissionsOf(access)[needed]) throw new AppError('APPOINTMENT_NO_PERMISSION');
}

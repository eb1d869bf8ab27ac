import { isAppId, toJapanTime, type AccountType } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { AppError } from '../../../http/app-error';
import type { Floor } from '../floor.model';
import type { FloorParticipant } from '../participant.model';

/**
 * Guests are users of this type (users.type): no password, no team, no
 * REST, no user DTO; their e-mail is a placeholder. It is not an account
 * type of the API (AccountType: who may sign in), hence the cast.
 */
export const GUEST_ACCOUNT = 'guest' as AccountType;
export const GUEST_EMAIL_DOMAIN = '@guest.invalid';

export interface GuestLink {
  floor: Floor;
  /** The invited guest the link belongs to; null for the floor's invite link (a new guest). */
  participant: FloorParticipant | null;
}

/**
 * What an app_id opens on a floor (spec §4 privacy):
 * - an invited guest's own link token → that guest (any floor privacy);
 * - the floor's invite-link token → a new guest, on a public floor only
 *   (a private one is NO_PERMISSION_TO_JOIN_FLOOR);
 * - a team member's link, or a guest who has an account → SIGN_IN_TO_VIEW_FLOOR;
 * - the link of a visit that was cancelled → APPOINTMENT_CANCELLED (which visit, by whom);
 * - anything else, or a floor that does not exist → INVALID_FLOOR_LINK.
 */
export async function resolveGuestLink(models: Models, floorId: number, appId: string): Promise<GuestLink> {
  if (!isAppId(appId)) throw new AppError('INVALID_FLOOR_LINK');
  const floor = await models.Floor.findByPk(floorId);
  if (!floor) throw new AppError('INVALID_FLOOR_LINK');
  const participant = await models.FloorParticipant.findOne({ where: { floorId, publicToken: appId } });
  if (participant) {
    if (participant.type !== 'GUEST') throw new AppError('SIGN_IN_TO_VIEW_FLOOR');
    const account = participant.userId ? await models.User.findByPk(participant.userId) : null;
    if (account && account.type !== GUEST_ACCOUNT) throw new AppError('SIGN_IN_TO_VIEW_FLOOR');
    return { floor, participant };
  }
  if (floor.inviteToken !== appId) throw await notOpen(models, floorId, appId);
  if (floor.privacy !== 'public') throw new AppError('NO_PERMISSION_TO_JOIN_FLOOR');
  return { floor, participant: null };
}

/** An app_id that opens nothing on the floor: a cancelled visit's link says so, anything else is invalid. */
async function notOpen(models: Models, floorId: number, appId: string): Promise<AppError> {
  const revoked = await models.RevokedGuestLink.findOne({
    where: { floorId, publicToken: appId },
    order: [['id', 'DESC']],
  });
  if (!revoked) return new AppError('INVALID_FLOOR_LINK');
  return new AppError('APPOINTMENT_CANCELLED', {
    values: {
      by: revoked.byName,
      title: revoked.title,
      start: toJapanTime(revoked.startAt).slice(0, 16).replace('T', ' '),
    },
  });
}

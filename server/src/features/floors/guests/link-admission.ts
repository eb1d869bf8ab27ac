import { UniqueConstraintError } from 'sequelize';
import { AppError } from '../../../http/app-error';
import type { Models } from '../../../db/models';
import type { User } from '../../users/user.model';
import { viewFloor } from '../floor-access';
import type { Floor } from '../floor.model';
import { resolveGuestLink } from './guest-link';

/**
 * POST /floors/{id}/join-link: a signed-in person opens an app_id link of a
 * floor they cannot see yet (spec §4: a public floor admits any holder of its
 * invite link). Someone who can see the floor already changes nothing. The
 * floor's invite link makes them a GUEST participant with their own account.
 * An invited guest's personal link is never claimed by an account (issue 13
 * item 7): it is GUEST_LINK_NOT_FOR_ACCOUNTS, and the guest keeps using it
 * without one. The link rules are those of guests (guest-link.ts). Answers
 * the floor.
 */
export async function admitAccount(models: Models, user: User, floorId: number, appId: string): Promise<Floor> {
  try {
    return (await viewFloor(models, user, floorId)).floor;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'FLOOR_NOT_FOUND') throw error;
  }
  const { floor, participant } = await linkOf(models, floorId, appId);
  if (participant) throw new AppError('GUEST_LINK_NOT_FOR_ACCOUNTS');
  try {
    await models.FloorParticipant.create({
      floorId,
      userId: user.id,
      email: user.email,
      name: user.name,
      type: 'GUEST',
      invitedBy: null,
    });
  } catch (error) {
    // the same person twice at once: the first one's row is theirs
    if (!(error instanceof UniqueConstraintError)) throw error;
  }
  return floor;
}

/** The link, where an invited guest's link that already has an account is no refusal (it may be this one). */
async function linkOf(models: Models, floorId: number, appId: string) {
  try {
    return await resolveGuestLink(models, floorId, appId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'SIGN_IN_TO_VIEW_FLOOR') throw error;
    const participant = await models.FloorParticipant.findOne({ where: { floorId, publicToken: appId } });
    // a team member's link: they are signed in, and still cannot see the floor (another team's member)
    if (!participant || participant.type !== 'GUEST') throw new AppError('NO_PERMISSION_TO_JOIN_FLOOR');
    return { floor: (await models.Floor.findByPk(floorId))!, participant };
  }
}

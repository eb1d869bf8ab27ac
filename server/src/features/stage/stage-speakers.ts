import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import { ownsEmail } from '../floors/floor-access';
import { GUEST_ACCOUNT } from '../floors/guests/guest-link';
import type { StagePresentation } from './stage.models';

/**
 * Which of `userIds` may speak in this presentation or conference: the same rule as `StageService.rights`
 * (the floor's host, its HOST participants and subhosts, and those with the speech permission, or the
 * conference permission for a conference; never a guest), read in two queries for the whole list, so the
 * host is offered "invite to speak" only for people the server would let speak.
 */
export async function speakersOf(
  models: Models,
  p: Pick<StagePresentation, 'floorId' | 'kind'>,
  userIds: number[],
): Promise<Set<number>> {
  const may = new Set<number>();
  if (userIds.length === 0) return may;
  const [floor, users] = await Promise.all([
    models.Floor.findByPk(p.floorId, { attributes: ['hostId'] }),
    models.User.findAll({ where: { id: { [Op.in]: userIds } }, attributes: ['id', 'type', 'verifiedAt', 'email'] }),
  ]);
  const emails = users.filter(ownsEmail).map((u) => u.email);
  const rows = await models.FloorParticipant.findAll({
    where: {
      floorId: p.floorId,
      [Op.or]: [{ userId: { [Op.in]: userIds } }, ...(emails.length ? [{ email: { [Op.in]: emails } }] : [])],
    },
  });
  for (const user of users) {
    if (user.type === GUEST_ACCOUNT) continue;
    const me =
      rows.find((r) => r.userId === user.id) ??
      (ownsEmail(user) ? rows.find((r) => r.email === user.email) : undefined);
    if (me?.type === 'GUEST') continue;
    const hosts = floor?.hostId === user.id || me?.type === 'HOST' || !!me?.permissionSubhost;
    if (hosts || (p.kind === 'C' ? me?.permissionConference : me?.permissionSpeech)) may.add(user.id);
  }
  return may;
}

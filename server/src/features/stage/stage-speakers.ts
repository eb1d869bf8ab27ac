import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import { ownsEmail } from '../floors/floor-access';
import { GUEST_ACCOUNT } from '../floors/guests/guest-link';
import type { StagePresentation } from './stage.models';

/**
 * Which of `userIds` may speak in this presentation or conference: the same rule as `StageService.rights`
 * (the floor's host, its HOST participants and subhosts, and those with the speech permission, or the
 * conference permission for a conference; never a guest), for the whole list at once, so the host is
 * offered "invite to speak" only for people the server would let speak. The accounts come from the
 * caller's own read of the members (the presentation's DTO reads them for their names).
 */
export async function speakersOf(
  models: Models,
  p: Pick<StagePresentation, 'floorId' | 'kind'>,
  users: (Parameters<typeof ownsEmail>[0] & { id: number; email: string })[],
): Promise<Set<number>> {
  const may = new Set<number>();
  if (users.length === 0) return may;
  const userIds = users.map((u) => u.id);
  const floor = await models.Floor.findByPk(p.floorId, { attributes: ['hostId'] });
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

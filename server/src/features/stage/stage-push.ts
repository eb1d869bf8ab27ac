import { Op } from 'sequelize';
import type { PresentationDto } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import { ownsEmail } from '../floors/floor-access';
import { GUEST_ACCOUNT } from '../floors/guests/guest-link';
import type { StagePresentation } from './stage.models';
import { floorChannel, userChannel, visitorsChannel } from '../floors/live/channels';

type Namespace = IoSocket['nsp'];

/**
 * Who sees the requests of a presentation (issue 15: the request list goes
 * only to those who can act on it): its host and the floor's hosts and
 * subhosts see every member with their requests and calls; anyone else sees
 * the speakers and the audience without theirs, and their own row whatever it
 * holds (waiting outside, asking to speak, called).
 */
export function viewOf(full: PresentationDto, viewerId: number, manages: boolean): PresentationDto {
  if (manages) return full;
  const members = full.members
    .filter((m) => m.userId === viewerId || m.role !== 'W')
    .map((m) => (m.userId === viewerId ? m : { ...m, requested: null, called: false, maySpeak: undefined }));
  return { ...full, members };
}

/** Whether someone's row says more to them than the public view does (they get their own push). */
const personal = (m: PresentationDto['members'][number]) => m.role === 'W' || m.requested !== null || m.called;

/**
 * The people who manage a presentation (same rule as admit, deny, call and
 * remove): its host, the floor's host, and the participants of type HOST or
 * with the subhost permission, by account or by a confirmed address, never
 * an account-less guest.
 */
export async function managersOf(models: Models, p: Pick<StagePresentation, 'floorId' | 'hostId'>) {
  const ids = new Set<number>([p.hostId]);
  const floor = await models.Floor.findByPk(p.floorId, { attributes: ['hostId'] });
  if (floor) ids.add(floor.hostId);
  const rows = await models.FloorParticipant.findAll({
    where: { floorId: p.floorId, [Op.or]: [{ type: 'HOST' }, { permissionSubhost: true }] },
    attributes: ['userId', 'email'],
  });
  const byId = rows.flatMap((r) => (r.userId ? [r.userId] : []));
  const emails = rows.flatMap((r) => (r.userId ? [] : r.email ? [r.email] : []));
  const users = await models.User.findAll({
    where: { [Op.or]: [{ id: { [Op.in]: byId } }, ...(emails.length ? [{ email: { [Op.in]: emails } }] : [])] },
    attributes: ['id', 'type', 'verifiedAt', 'email'],
  });
  for (const u of users) {
    if (u.type === GUEST_ACCOUNT) continue;
    if (byId.includes(u.id) || (ownsEmail(u) && emails.includes(u.email))) ids.add(u.id);
  }
  return ids;
}

/**
 * Tells the floor a presentation changed, each in the view they may have:
 * the full one to its managers' sockets, a personal one to each member with
 * something of their own pending, and the public one to everyone else on
 * the floor (every server process through the adapter).
 */
export function pushChanged(nsp: Namespace, full: PresentationDto, managers: Set<number>): void {
  const { floorId } = full;
  const channels = (ids: Iterable<number>) => [...ids].map((id) => userChannel(floorId, id));
  const event = 'presentation:changed';
  if (managers.size) nsp.to(channels(managers)).emit(event, { floorId, presentation: full });
  const own = full.members.filter((m) => personal(m) && !managers.has(m.userId)).map((m) => m.userId);
  for (const id of own)
    nsp.to(userChannel(floorId, id)).emit(event, { floorId, presentation: viewOf(full, id, false) });
  nsp
    .to(floorChannel(floorId))
    .except([...channels([...managers, ...own]), visitorsChannel(floorId)])
    .emit(event, { floorId, presentation: viewOf(full, 0, false) });
}

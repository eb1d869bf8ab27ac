import { Op, fn, col, type Order, type WhereOptions } from 'sequelize';
import {
  FLOOR_GROUPS,
  FLOOR_TYPES,
  type FloorDto,
  type FloorGroup,
  type FloorGroupCounts,
  type FloorListQuery,
  type Paged,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { paged, pageWindow } from '../../http/answers';
import type { User } from '../users/user.model';
import { managesFloor, mine } from './floor-access';
import type { Floor } from './floor.model';
import { toFloorDto } from './floor.dto';

/** Which floors a list shows: the floor list (team and invited), my floors (hosted) or joined (invited). */
export type FloorScope = 'all' | 'hosted' | 'joined';

/** The groups of spec §4 at `now`, each with the order a reader expects. */
function groupWhere(group: FloorGroup | undefined, now: Date): { where: WhereOptions<Floor>; order: Order } {
  const timed = { type: FLOOR_TYPES.WITH_TIME };
  switch (group) {
    case 'ongoing':
      return {
        where: { ...timed, startAt: { [Op.lte]: now }, endAt: { [Op.gt]: now } },
        order: [
          ['endAt', 'ASC'],
          ['id', 'ASC'],
        ],
      };
    case 'upcoming':
      return {
        where: { ...timed, startAt: { [Op.gt]: now } },
        order: [
          ['startAt', 'ASC'],
          ['id', 'ASC'],
        ],
      };
    case 'past':
      return {
        where: { ...timed, endAt: { [Op.lte]: now } },
        order: [
          ['endAt', 'DESC'],
          ['id', 'DESC'],
        ],
      };
    case 'permanent':
      return { where: { type: FLOOR_TYPES.PERMANENT }, order: [['id', 'DESC']] };
    default:
      return { where: {}, order: [['id', 'DESC']] };
  }
}

/** Which floors a scope holds for `user`: my floors (hosted), invited ones (joined), or my team's and invited ones (all). */
async function scopeWhere(models: Models, user: User, scope: FloorScope): Promise<WhereOptions<Floor>> {
  if (scope === 'hosted') return { hostId: user.id };
  const invited = await models.FloorParticipant.findAll({ where: mine(user), attributes: ['floorId', 'type'] });
  if (scope === 'joined') {
    const invitedIds = invited.filter((p) => p.type !== 'HOST').map((p) => p.floorId);
    return { id: { [Op.in]: invitedIds }, hostId: { [Op.ne]: user.id } };
  }
  return {
    [Op.or]: [{ companyId: user.employmentCompanyId ?? -1 }, { id: { [Op.in]: invited.map((p) => p.floorId) } }],
  };
}

/** The paged floors of a scope and group, 20 a page by default. */
export async function listFloors(
  models: Models,
  user: User,
  scope: FloorScope,
  query: FloorListQuery,
  now: Date,
): Promise<Paged<FloorDto>> {
  const { where, order } = groupWhere(query.group, now);
  const { rows, count } = await models.Floor.findAndCountAll({
    where: { [Op.and]: [await scopeWhere(models, user, scope), where] },
    order,
    ...pageWindow(query),
  });
  return paged(await floorDtos(models, user, rows, now), count, query);
}

/** How many floors of a scope each group holds at `now` (the list's tabs, and the tab it opens on). */
export async function countFloorGroups(
  models: Models,
  user: User,
  scope: FloorScope,
  now: Date,
): Promise<FloorGroupCounts> {
  const inScope = await scopeWhere(models, user, scope);
  const counts = await Promise.all(
    FLOOR_GROUPS.map((group) => models.Floor.count({ where: { [Op.and]: [inScope, groupWhere(group, now).where] } })),
  );
  return Object.fromEntries(FLOOR_GROUPS.map((group, i) => [group, counts[i]!])) as FloorGroupCounts;
}

/** DTOs of some floors: one query for the participant counts, one for the caller's rows. */
export async function floorDtos(models: Models, user: User, floors: Floor[], now: Date): Promise<FloorDto[]> {
  if (floors.length === 0) return [];
  const floorId = { [Op.in]: floors.map((f) => f.id) };
  const counts = (await models.FloorParticipant.findAll({
    where: { floorId },
    attributes: ['floorId', [fn('COUNT', col('id')), 'count']],
    group: ['floorId'],
    raw: true,
  })) as unknown as { floorId: number; count: number | string }[];
  const countOf = new Map(counts.map((c) => [Number(c.floorId), Number(c.count)]));
  const mineRows = await models.FloorParticipant.findAll({ where: { floorId, ...mine(user) } });
  const meOf = new Map(mineRows.map((p) => [p.floorId, p]));
  return floors.map((floor) =>
    toFloorDto(floor, countOf.get(floor.id) ?? 0, managesFloor(user, floor, meOf.get(floor.id) ?? null), now),
  );
}

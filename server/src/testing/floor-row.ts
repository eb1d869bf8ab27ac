import type { Models } from '../db/models';
import type { Floor } from '../features/floors/floor.model';

/**
 * A permanent public floor on the office plan written straight through the
 * models (migration specs, abuse set-ups and benches that need a floor row
 * without the REST call's checks); `overrides` change any column.
 */
export function floorRow(
  models: Pick<Models, 'Floor'>,
  companyId: number,
  hostId: number,
  overrides: Partial<Pick<Floor, 'title' | 'privacy'>> = {},
): Promise<Floor> {
  return models.Floor.create({
    companyId,
    hostId,
    title: 'Floor',
    catchcopy: null,
    catchphrase: null,
    description: null,
    passwordHash: null,
    type: 2,
    privacy: 'public',
    startAt: null,
    endAt: null,
    floorPlanId: 'office-24',
    ...overrides,
  });
}

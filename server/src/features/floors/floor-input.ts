import {
  FLOOR_PLAN_IDS,
  formatMessage,
  type FloorCreateBody,
  type FloorType,
  type Locale,
  type FloorPrivacy,
} from '@tsudoi/common';
import { AppError } from '../../http/app-error';

/** A floor body after zod (see common floorCreateSchema). */
export interface FloorInput {
  title: string;
  catchcopy?: string | null;
  catchphrase?: string | null;
  description?: string | null;
  type: FloorType;
  privacy: FloorPrivacy;
  startAt?: string | null;
  endAt?: string | null;
  floorPlanId?: string | null;
}
export type ParsedFloorCreate = FloorInput & { password?: string | null };
export type { FloorCreateBody };

/**
 * The two steps the spec names as required (spec §5): the floor details
 * (catchcopy) and a floor plan, each with its own catalogue error; then a
 * plan that exists.
 */
export function checkDetailsAndPlan(input: Partial<FloorInput>, locale: Locale): void {
  if (!input.catchcopy) {
    throw new AppError('FLOOR_DETAIL_REQUIRED', {
      fields: { catchcopy: formatMessage(locale, 'validation.floorDetailRequired') },
    });
  }
  if (!input.floorPlanId) {
    throw new AppError('FLOOR_PLAN_REQUIRED', {
      fields: { floorPlanId: formatMessage(locale, 'validation.floorPlanRequired') },
    });
  }
  if (!FLOOR_PLAN_IDS.includes(input.floorPlanId)) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { floorPlanId: formatMessage(locale, 'validation.floorPlanUnknown') },
    });
  }
}

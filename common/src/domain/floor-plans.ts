import { z } from 'zod';
import event from '../../../resources/floor-plans/event-24.json';
import lounge from '../../../resources/floor-plans/lounge-24.json';
import office from '../../../resources/floor-plans/office-24.json';
import { ROOM_COUNT, ROOMS } from './floors';

/**
 * Floor plans (spec §2 floor creation: "floor plan or map choice"). Every
 * floor has the same 24 rooms (fixed numbers and names); a plan is where they
 * lie on the map, drawn as CSS grid areas named by the rooms' keys, for three
 * widths: wide (the desktop map), medium (tablets, narrow windows) and narrow
 * (phones). The plans are data in resources/floor-plans/*.json, checked here
 * when the module loads (a broken plan stops the server and the build, never
 * a user's map).
 */

const text = z.object({ ja: z.string().min(1), en: z.string().min(1) });
const rows = z.array(z.string().min(1)).min(1);

export const floorPlanSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  category: z.enum(['office', 'event']),
  name: text,
  summary: text,
  layouts: z.object({ wide: rows, medium: rows, narrow: rows }),
});
export type FloorPlan = z.infer<typeof floorPlanSchema>;
export type FloorPlanWidth = keyof FloorPlan['layouts'];
export const FLOOR_PLAN_WIDTHS: readonly FloorPlanWidth[] = ['wide', 'medium', 'narrow'];

/**
 * What is wrong with one layout (grid-template-areas rows): rows of unequal
 * length, a cell that is no room, a room missing, or a room that is not one
 * rectangle. Empty: the layout draws every room once.
 */
export function layoutProblems(layout: readonly string[]): string[] {
  const grid = layout.map((row) => row.trim().split(/\s+/));
  const columns = grid[0]?.length ?? 0;
  const problems: string[] = [];
  grid.forEach((cells, i) => {
    if (cells.length !== columns) problems.push(`row ${i + 1} has ${cells.length} cells, not ${columns}`);
  });
  const keys = new Set(ROOMS.map((room) => room.key));
  const cellsOf = new Map<string, [number, number][]>();
  grid.forEach((cells, r) =>
    cells.forEach((key, c) => {
      if (!keys.has(key)) problems.push(`"${key}" is not a room`);
      else cellsOf.set(key, [...(cellsOf.get(key) ?? []), [r, c]]);
    }),
  );
  for (const key of keys) {
    const cells = cellsOf.get(key);
    if (!cells) {
      problems.push(`${key} is missing`);
      continue;
    }
    const rs = cells.map(([r]) => r);
    const cs = cells.map(([, c]) => c);
    const height = Math.max(...rs) - Math.min(...rs) + 1;
    const width = Math.max(...cs) - Math.min(...cs) + 1;
    if (height * width !== cells.length) problems.push(`${key} is not a rectangle`);
  }
  return problems;
}

function checked(json: unknown): FloorPlan {
  const plan = floorPlanSchema.parse(json);
  for (const width of FLOOR_PLAN_WIDTHS) {
    const problems = layoutProblems(plan.layouts[width]);
    if (problems.length) throw new Error(`floor plan ${plan.id} (${width}): ${problems.join('; ')}`);
  }
  return plan;
}

/** The plans offered, the default first. */
export const FLOOR_PLANS: readonly FloorPlan[] = [office, lounge, event].map(checked);
export const DEFAULT_FLOOR_PLAN: FloorPlan = FLOOR_PLANS[0]!;

/** A floor's plan; an unknown id (a plan withdrawn later) draws as the default. */
export const floorPlanOf = (id: string | null | undefined): FloorPlan =>
  FLOOR_PLANS.find((plan) => plan.id === id) ?? DEFAULT_FLOOR_PLAN;

/** The plans by category (calls spec §7.10 floor-plan-category). */
export const FLOOR_PLAN_CATEGORIES = [
  { id: 'office', name: { ja: 'オフィス', en: 'Office' } },
  { id: 'event', name: { ja: 'イベント', en: 'Event' } },
].map((category) => ({
  ...category,
  plans: FLOOR_PLANS.filter((plan) => plan.category === category.id).map((plan) => ({
    id: plan.id,
    name: plan.name,
    rooms: ROOM_COUNT,
  })),
}));
export const FLOOR_PLAN_IDS: readonly string[] = FLOOR_PLANS.map((plan) => plan.id);

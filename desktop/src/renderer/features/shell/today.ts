import { DEFAULT_TIME_ZONE, type FloorDto } from '@tsudoi/common';

const dayKey = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, dateStyle: 'short' }).format(date);

/**
 * The home page's floors of today (Japan time, spec §1): those going on now,
 * those starting later today, then the permanent ones; each once.
 */
export function todaysFloors(
  groups: { ongoing: FloorDto[]; upcoming: FloorDto[]; permanent: FloorDto[] },
  now: Date,
): FloorDto[] {
  const today = dayKey(now);
  const later = groups.upcoming.filter((f) => f.startAt !== null && dayKey(new Date(f.startAt)) === today);
  const seen = new Set<number>();
  return [...groups.ongoing, ...later, ...groups.permanent].filter((f) => !seen.has(f.id) && seen.add(f.id));
}

/** How far ahead the home page looks for appointments, and on how many of today's floors. */
export const APPOINTMENT_WINDOW_DAYS = 7;
export const APPOINTMENT_FLOORS = 6;
export const APPOINTMENTS_SHOWN = 5;

/**
 * The home page's next appointments: those not yet over, soonest first, each
 * once (lists of several floors may overlap), at most APPOINTMENTS_SHOWN.
 */
export function nextAppointments<A extends { id: number; startAt: string; endAt: string }>(
  lists: A[][],
  now: Date,
): A[] {
  const seen = new Set<number>();
  return lists
    .flat()
    .filter((a) => Date.parse(a.endAt) > now.getTime() && !seen.has(a.id) && seen.add(a.id))
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt) || a.id - b.id)
    .slice(0, APPOINTMENTS_SHOWN);
}

import { FLOOR_TYPES, type FloorDto, type FloorStatus } from '@tsudoi/common';
import { japanTime } from '../time';
import { useNow } from './use-now';

type Timed = Pick<FloorDto, 'type' | 'status' | 'endAt'>;

/**
 * The floor's status now (spec §4), not as it was when the page loaded it: a
 * timed floor is finished from its end time on (checked every second while
 * it has not finished), and once the floor closed (`closed`: the server said
 * so). The start stays the server's word (the landing asks again when its
 * countdown runs out).
 */
export function useFloorStatus(floor: Timed | null, closed = false): FloorStatus | null {
  const end = floor?.type === FLOOR_TYPES.WITH_TIME ? japanTime(floor.endAt) : null;
  const now = useNow(1000, end !== null && !closed && floor?.status !== 'finished');
  if (!floor) return null;
  if (closed || (end !== null && now >= end.getTime())) return 'finished';
  return floor.status;
}

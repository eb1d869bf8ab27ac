import { FLOOR_TYPES, type FloorType } from '@tsudoi/common';

export type SoundName = 'knock' | 'enter' | 'ring';

/**
 * The rooms whose entry knocks (calls spec §9.1: two room-number lists
 * "chosen by floor type"). Decided: the first list for floors with time
 * (events: the waiting room and the ten tables), the second for permanent
 * floors (the office: entrance, front desk, waiting room, phone booth, some
 * tables, the last guest lounge and the out-of-office corner).
 */
export const KNOCK_ROOMS: Record<FloorType, readonly number[]> = {
  [FLOOR_TYPES.WITH_TIME]: [4, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
  [FLOOR_TYPES.PERMANENT]: [1, 2, 22, 4, 5, 12, 15, 8, 9, 10, 23],
};

/** The sound of entering room `roomNumber` (spec §4 room change): a knock for the listed rooms, else the chime. */
export function entrySound(floorType: FloorType, roomNumber: number): SoundName {
  return KNOCK_ROOMS[floorType].includes(roomNumber) ? 'knock' : 'enter';
}

/**
 * Whether my move from `before` to `after` (room ids) should sound: only a
 * real change of room after joining (not the first placement, nor a
 * reconnect that puts me back where I was).
 */
export function movedRoom(before: number | undefined, after: number | undefined): after is number {
  return before !== undefined && after !== undefined && before !== after;
}

/** Where the mute choice is kept (this device, every floor). */
export const MUTE_KEY = 'tsudoi:sounds-muted';

export interface MuteStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const readMuted = (storage: MuteStorage | undefined): boolean => storage?.getItem(MUTE_KEY) === '1';

export function writeMuted(storage: MuteStorage | undefined, muted: boolean): void {
  try {
    storage?.setItem(MUTE_KEY, muted ? '1' : '0');
  } catch {
    // Storage full or denied (private mode): the choice lasts for this page only.
  }
}

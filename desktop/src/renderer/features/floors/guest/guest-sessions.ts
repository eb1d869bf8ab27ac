import { guestSessionSchema, type GuestSession } from '@tsudoi/common';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Guest sessions, one per floor, kept in the browser's storage so a reload
 * or a second tab stays the same guest; one that has expired reads as none.
 * They never touch the signed-in session (token-store).
 */
export interface GuestSessions {
  read(floorId: number): GuestSession | null;
  write(session: GuestSession): void;
  clear(floorId: number): void;
}

const keyOf = (floorId: number) => `tsudoi:guest:${floorId}`;

export function createGuestSessions(storage: KeyValueStorage | null, now: () => number = Date.now): GuestSessions {
  return {
    read(floorId) {
      try {
        const parsed = guestSessionSchema.safeParse(JSON.parse(storage?.getItem(keyOf(floorId)) ?? 'null'));
        if (!parsed.success || parsed.data.floorId !== floorId) return null;
        return Date.parse(parsed.data.expiresAt) > now() ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(session) {
      storage?.setItem(keyOf(session.floorId), JSON.stringify(session));
    },
    clear(floorId) {
      storage?.removeItem(keyOf(floorId));
    },
  };
}

/** The page's guest sessions (localStorage; none where there is no storage). */
export const guestSessions = createGuestSessions(typeof localStorage === 'undefined' ? null : localStorage);

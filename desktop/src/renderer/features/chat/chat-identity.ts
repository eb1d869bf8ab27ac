import type { UserDto } from '@tsudoi/common';
import { selectAccessToken, selectCurrentUser } from '../auth';
import { guestSessions, type GuestSessions } from '../floors/guest/guest-sessions';
import type { ChatGuest, WithChat } from './slice';

type WithAuth = Parameters<typeof selectCurrentUser>[0] & Parameters<typeof selectAccessToken>[0];
export type ChatRootState = WithChat & WithAuth;

/** Me in the chat: the signed-in user, or the account-less guest holding the socket. */
export type ChatMe = Pick<UserDto, 'id' | 'name' | 'avatarImageUrl'>;

export const selectChatMe = (state: ChatRootState): ChatMe | null => state.chat.guest ?? selectCurrentUser(state);

/** Who the chat socket opens as; `key` changes when it must open again as someone else. */
export interface ChatIdentity {
  key: string;
  token: string;
  userId: number;
  /** An account-less guest on their floor's live page; null for the signed-in user. */
  guest: ChatGuest | null;
}

const LIVE_PATH = /^\/floors\/(\d+)\/live\/?$/;

/** The floor whose live page is on screen, or null. */
export function liveFloorOf(pathname: string): number | null {
  const match = LIVE_PATH.exec(pathname);
  return match ? Number(match[1]) : null;
}

/**
 * The chat socket is wanted while a verified user is signed in and the app
 * is not on /login (spec §4: not opened on /login, closed on entering it),
 * or while an account-less guest is on the live page of a floor they hold a
 * guest session for (it closes when they leave that page).
 */
export function chatIdentity(state: ChatRootState, guests: GuestSessions = guestSessions): ChatIdentity | null {
  const { pathname } = state.chat.route;
  if (pathname === '' || pathname === '/login' || pathname.startsWith('/login/')) return null;
  const token = selectAccessToken(state);
  if (token) {
    const user = selectCurrentUser(state);
    if (!user || user.verifiedAt === null) return null;
    return { key: `u${user.id}`, token, userId: user.id, guest: null };
  }
  const floorId = liveFloorOf(pathname);
  const session = floorId === null ? null : guests.read(floorId);
  if (!session || floorId === null) return null;
  return {
    key: `g${floorId}:${session.token}`,
    token: session.token,
    userId: session.userId,
    guest: { id: session.userId, name: session.name, avatarImageUrl: null, floorId },
  };
}

import type { Locale } from '@tsudoi/common';
import { openSocket, type AppSocket, type SocketOptions } from '../../services/socket';

/**
 * The live floor's socket, opened while the page is still starting. A page
 * opened on /floors/{id}/live by someone signed in (a stored token, no
 * app_id link) opens its socket at once, so the connection and the sign-in
 * on the socket (about a quarter of a second) happen while the session is
 * checked and the page renders, instead of after. The live page's visit
 * takes that socket when it starts (same floor, token and language); one
 * not taken within PREWARM_MS is closed. A socket the server refused (an
 * expired token) is not taken: the visit opens its own, as without this.
 */
export const PREWARM_MS = 10_000;

const LIVE_PATH = /^\/floors\/(\d+)\/live\/?$/;

interface Warm {
  socket: AppSocket;
  floorId: number;
  token: string;
  locale: Locale;
  timer: ReturnType<typeof setTimeout>;
}

let warm: Warm | null = null;

/** The floor of a live page address that a signed-in person opens as themselves (no app_id link), else null. */
export function liveFloorOf(location: { pathname: string; search: string }): number | null {
  const match = LIVE_PATH.exec(location.pathname);
  if (!match || new URLSearchParams(location.search).has('app_id')) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Opens the socket for `floorId` now (closing an earlier one not taken). */
export function prewarmLiveSocket(
  floorId: number,
  options: { token: string; locale: Locale },
  open: (options: SocketOptions) => AppSocket = openSocket,
  ms = PREWARM_MS,
): void {
  discardWarmLiveSocket();
  warm = { socket: open(options), floorId, ...options, timer: setTimeout(discardWarmLiveSocket, ms) };
}

/** The opened socket when it is for this floor, token and language and still connected or connecting. */
export function takeWarmLiveSocket(floorId: number, options: { token: string; locale: Locale }): AppSocket | null {
  const taken = warm;
  warm = null;
  if (!taken) return null;
  clearTimeout(taken.timer);
  const fits = taken.floorId === floorId && taken.token === options.token && taken.locale === options.locale;
  if (fits && (taken.socket.connected || taken.socket.active)) return taken.socket;
  taken.socket.disconnect();
  return null;
}

export function discardWarmLiveSocket(): void {
  if (!warm) return;
  clearTimeout(warm.timer);
  warm.socket.disconnect();
  warm = null;
}

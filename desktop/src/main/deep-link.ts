export const DEEP_LINK_SCHEME = 'tsudoi';

const FLOOR_ID = /^[1-9]\d{0,15}$/;
const APP_ID = /^[A-Za-z0-9._~-]{1,128}$/;

/**
 * The app path a `tsudoi://` link opens, or null when it is not one we know.
 * Only `tsudoi://floors/{id}` (a positive integer) with an optional
 * `?app_id=` token is accepted; every other part of the link is dropped, so a
 * link can never reach anything but a floor page.
 */
export function parseDeepLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.username || url.password || url.port) return null;
  // tsudoi://floors/12 puts "floors" in the host; tsudoi:///floors/12 in the path.
  const segments = `${url.hostname}${url.pathname}`.split('/').filter(Boolean);
  if (segments.length !== 2 || segments[0]?.toLowerCase() !== 'floors' || !FLOOR_ID.test(segments[1] ?? '')) {
    return null;
  }
  const path = `/floors/${segments[1]}`;
  const appIds = url.searchParams.getAll('app_id');
  if (appIds.length === 0) return path;
  const [appId] = appIds;
  return appIds.length === 1 && appId !== undefined && APP_ID.test(appId) ? `${path}?app_id=${appId}` : null;
}

/**
 * The deep link in a command line (Windows and Linux pass it as an argument
 * on launch and to the running instance through second-instance).
 */
export function findDeepLink(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (!arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) continue;
    const path = parseDeepLink(arg);
    if (path) return path;
  }
  return null;
}

import type { WindowOpenHandlerResponse } from 'electron';
import type { ElectronMain, SessionApi, WebContentsApi } from './electron-api';
import type { Logger } from './logger';

/**
 * Web permissions the app origin may use: camera and microphone, screen
 * sharing, notifications (mentions and knocks while the window is hidden) and
 * sanitized clipboard writes (copy an invite link). Everything else —
 * geolocation, clipboard reads, MIDI, HID, … — is refused.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  'media',
  'display-capture',
  'notifications',
  'clipboard-sanitized-write',
]);

/** The origin of an absolute URL, or null when it does not parse. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Only http(s) pages of the app origin may load in an app window (and talk to
 * the bridge): not file:, javascript:, data: or blob: URLs, not other sites.
 */
export function isAllowedNavigation(url: string, appOrigin: string): boolean {
  return /^https?:/i.test(url) && originOf(url) === appOrigin;
}

export function isExternalLink(url: string): boolean {
  return /^https?:/i.test(url) && originOf(url) !== null;
}

export function isPermissionAllowed(permission: string, origin: string | null | undefined, appOrigin: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && origin === appOrigin;
}

/**
 * Guards one webContents: no new Electron windows (http(s) links open in the
 * user's browser instead), and the main frame never leaves the app origin,
 * neither by navigation nor by a server redirect.
 */
export function hardenWebContents(
  contents: WebContentsApi,
  { shell, appOrigin, log }: Pick<ElectronMain, 'shell'> & { appOrigin: string; log: Logger },
): void {
  contents.setWindowOpenHandler(({ url }): WindowOpenHandlerResponse => {
    if (isExternalLink(url)) {
      shell.openExternal(url).catch((error: unknown) => log.error(`Could not open ${url} externally`, error));
    }
    return { action: 'deny' };
  });
  const guard = (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => {
    if (event.isMainFrame && !isAllowedNavigation(event.url, appOrigin)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
}

/** Grants the allowed permissions to the app origin only (requests and checks). */
export function installPermissionHandlers(session: SessionApi, appOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, originOf(details.requestingUrl), appOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, originOf(requestingOrigin), appOrigin),
  );
}

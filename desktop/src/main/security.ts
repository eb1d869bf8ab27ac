import type { WindowOpenHandlerResponse } from 'electron';
import type { ElectronMain, HeadersListener, SessionApi, WebContentsApi } from './electron-api';
import type { Logger } from './logger';

/**
 * Web permissions the app origin may use: camera and microphone, and screen
 * sharing (through the in-app picker), plus sanitized clipboard *writes*
 * (copying an invite link; Chromium asks for it, it reads nothing).
 * Notifications are native, through the bridge, so the page needs no web
 * notification permission. Everything else — geolocation, clipboard reads,
 * MIDI, HID, … — is refused.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['media', 'display-capture', 'clipboard-sanitized-write']);

/**
 * The CSP the app window enforces on pages of the app origin that arrive
 * without one (the Tsudoi server sends its own, stricter for its pages):
 * nothing inline, nothing from elsewhere but images, media streams and the
 * socket to the same server (the same directives as server/src/http/security.ts).
 */
export const FALLBACK_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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

/**
 * Documents of the app origin always carry a CSP: the server's own when it
 * sends one, else FALLBACK_CSP. Documents of other origins never reach an
 * app window's main frame (hardenWebContents) and are left alone.
 */
export function installCsp(session: SessionApi, appOrigin: string): void {
  const listener: HeadersListener = ({ url, resourceType, responseHeaders = {} }, callback) => {
    const isDocument = resourceType === 'mainFrame' || resourceType === 'subFrame';
    const hasCsp = Object.keys(responseHeaders).some((name) => name.toLowerCase() === 'content-security-policy');
    if (!isDocument || hasCsp || originOf(url) !== appOrigin) return callback({ responseHeaders });
    callback({ responseHeaders: { ...responseHeaders, 'Content-Security-Policy': [FALLBACK_CSP] } });
  };
  session.webRequest.onHeadersReceived({ urls: ['http://*/*', 'https://*/*'] }, listener);
}

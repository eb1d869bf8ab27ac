import type { ScreenChoice, ScreenSource } from '@tsudoi/common/protocol/ipc';
import type {
  CapturerSourceApi,
  DisplayMediaGrant,
  DisplayMediaHandler,
  ElectronMain,
  SessionApi,
} from './electron-api';
import type { Logger } from './logger';
import { isAllowedNavigation, originOf } from './security';

export const THUMBNAIL_SIZE = { width: 320, height: 180 } as const;

/**
 * What the picker offers: every screen, and the windows that can be shown —
 * not the app's own window (sharing it mirrors the floor into itself), not
 * windows without a name or with an empty thumbnail (minimized, hidden, or
 * system surfaces). Screens first, each group in the system's order.
 */
export function toScreenSources(sources: readonly CapturerSourceApi[], ownWindowId: string | null): ScreenSource[] {
  const picked: ScreenSource[] = [];
  for (const source of sources) {
    const kind = source.id.startsWith('screen:') ? 'screen' : source.id.startsWith('window:') ? 'window' : null;
    if (kind === null || source.id === ownWindowId) continue;
    if (kind === 'window' && (!source.name.trim() || source.thumbnail.isEmpty())) continue;
    const appIcon = source.appIcon && !source.appIcon.isEmpty() ? source.appIcon.toDataURL() : null;
    picked.push({ id: source.id, name: source.name, kind, thumbnail: source.thumbnail.toDataURL(), appIcon });
  }
  return [...picked.filter((s) => s.kind === 'screen'), ...picked.filter((s) => s.kind === 'window')];
}

export interface ScreenPickerDeps {
  desktopCapturer: ElectronMain['desktopCapturer'];
  /** Sends the picker request to the app window; false when there is none. */
  showPicker(requestId: string, sources: ScreenSource[]): boolean;
  ownWindowId(): string | null;
  log: Logger;
  newId?: () => string;
}

interface Pending {
  requestId: string;
  offered: ReadonlyMap<string, string>;
  grant(streams: DisplayMediaGrant): void;
}

/**
 * The in-app picker behind getDisplayMedia: main lists the sources, the
 * renderer shows them (features/desktop/ScreenPicker) and answers with
 * chooseScreenSource. One request at a time: a newer one cancels the older.
 */
export class ScreenPicker {
  #pending: Pending | null = null;
  #counter = 0;

  constructor(private readonly deps: ScreenPickerDeps) {}

  get pendingRequestId(): string | null {
    return this.#pending?.requestId ?? null;
  }

  async request(grant: (streams: DisplayMediaGrant) => void): Promise<void> {
    this.cancel();
    const { desktopCapturer, showPicker, ownWindowId, log } = this.deps;
    const requestId = this.deps.newId?.() ?? `screen-${Date.now().toString(36)}-${++this.#counter}`;
    const pending: Pending = { requestId, offered: new Map(), grant };
    this.#pending = pending;
    let sources: ScreenSource[];
    try {
      const found = await desktopCapturer.getSources({
        types: ['screen', 'window'],
        thumbnailSize: THUMBNAIL_SIZE,
        fetchWindowIcons: true,
      });
      sources = toScreenSources(found, ownWindowId());
    } catch (error) {
      log.error('Could not list the screens and windows to share', error);
      sources = [];
    }
    if (this.#pending !== pending) return; // superseded while listing
    pending.offered = new Map(sources.map((source) => [source.id, source.name]));
    let shown = false;
    try {
      shown = sources.length > 0 && showPicker(requestId, sources);
    } catch (error) {
      log.error('Could not show the screen picker', error);
    }
    if (!shown) this.#settle(pending, null);
  }

  /** The renderer's answer. Only a source that was offered for this very request can be granted. */
  choose({ requestId, sourceId }: ScreenChoice): void {
    const pending = this.#pending;
    if (!pending || pending.requestId !== requestId) throw new Error('No such screen share request');
    if (sourceId !== null && !pending.offered.has(sourceId)) {
      this.#settle(pending, null);
      throw new Error('That source was not offered');
    }
    this.#settle(pending, sourceId);
  }

  /** Denies the open request, if any (a newer request, the window closing, quitting). */
  cancel(): void {
    if (this.#pending) this.#settle(this.#pending, null);
  }

  #settle(pending: Pending, sourceId: string | null): void {
    if (this.#pending === pending) this.#pending = null;
    const name = sourceId === null ? undefined : pending.offered.get(sourceId);
    // An empty grant makes getDisplayMedia reject with NotAllowedError, as a cancelled browser picker does.
    pending.grant(sourceId === null || name === undefined ? {} : { video: { id: sourceId, name } });
  }
}

/**
 * getDisplayMedia goes through the picker only for the app window's main
 * frame on the app origin; any other frame or origin is refused at once.
 */
export function installDisplayMediaHandler(
  session: SessionApi,
  { picker, appOrigin, isAppFrame }: { picker: ScreenPicker; appOrigin: string; isAppFrame(frame: unknown): boolean },
): void {
  const handler: DisplayMediaHandler = (request, callback) => {
    const { frame, securityOrigin, videoRequested } = request;
    const fromApp =
      frame !== null &&
      isAppFrame(frame) &&
      isAllowedNavigation(frame.url, appOrigin) &&
      originOf(securityOrigin) === appOrigin;
    if (!fromApp || !videoRequested) return callback({});
    void picker.request(callback);
  };
  session.setDisplayMediaRequestHandler(handler);
}

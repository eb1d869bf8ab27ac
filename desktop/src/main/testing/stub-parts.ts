import { EventEmitter } from 'node:events';
import type { MenuItemConstructorOptions, NotificationConstructorOptions, SourcesOptions } from 'electron';
import type {
  CapturerSourceApi,
  DisplayMediaGrant,
  DisplayMediaHandler,
  DisplayMediaRequest,
  ElectronMain,
  HeadersDetails,
  HeadersListener,
  IpcInvokeListener,
  IpcMainApi,
  NotificationApi,
  PermissionCheckHandler,
  PermissionRequestHandler,
  PowerMonitorApi,
  SessionApi,
  TrayApi,
} from '../electron-api';

/** Parts of the Electron stub (see electron-stub.ts), each with drivers that play the system's part. */
export class StubIpcMain implements IpcMainApi {
  readonly handlers = new Map<string, IpcInvokeListener>();

  handle(channel: string, listener: IpcInvokeListener) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  /** Driver: `ipcRenderer.invoke` from a frame showing senderUrl (null: the frame is gone). */
  invoke(channel: string, senderUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const listener = this.handlers.get(channel);
    if (!listener) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    const senderFrame = senderUrl === null ? null : { url: senderUrl };
    return Promise.resolve().then(() => listener({ senderFrame }, ...args));
  }
}

export class StubShell implements Pick<ElectronMain['shell'], 'openExternal'> {
  readonly opened: string[] = [];

  openExternal(url: string) {
    this.opened.push(url);
    return Promise.resolve();
  }
}

type RequestedPermission = Parameters<PermissionRequestHandler>[1];
type CheckedPermission = Parameters<PermissionCheckHandler>[1];

export class StubSession implements SessionApi {
  #request: PermissionRequestHandler | null = null;
  #check: PermissionCheckHandler | null = null;
  #displayMedia: DisplayMediaHandler | null = null;
  #headers: HeadersListener | null = null;
  readonly webRequest = {
    onHeadersReceived: (_filter: { urls: string[] }, listener: HeadersListener | null) => (this.#headers = listener),
  };

  setPermissionRequestHandler(handler: PermissionRequestHandler | null) {
    this.#request = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null) {
    this.#check = handler;
  }
  setDisplayMediaRequestHandler(handler: DisplayMediaHandler | null) {
    this.#displayMedia = handler;
  }
  /** Driver: a frame at requestingUrl asks for a permission; Electron grants it when no handler is set. */
  requestPermission(permission: RequestedPermission, requestingUrl: string): Promise<boolean> {
    const handler = this.#request;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => handler({}, permission, resolve, { isMainFrame: true, requestingUrl }));
  }
  /** Driver: Chromium checks a permission for requestingOrigin; Electron allows it when no handler is set. */
  checkPermission(permission: CheckedPermission, requestingOrigin: string): boolean {
    return this.#check?.({}, permission, requestingOrigin, { isMainFrame: true }) ?? true;
  }
  /** Driver: getDisplayMedia; resolves with what the handler grants (Electron refuses it without a handler). */
  requestDisplayMedia(request: DisplayMediaRequest): Promise<DisplayMediaGrant> {
    const handler = this.#displayMedia;
    if (!handler) return Promise.resolve({});
    return new Promise((resolve) => handler(request, resolve));
  }
  /** Driver: response headers arrive; returns the headers Chromium goes on with. */
  receiveHeaders(details: HeadersDetails): Record<string, string | string[]> | undefined {
    let result: Record<string, string | string[]> | undefined = details.responseHeaders;
    this.#headers?.(details, (response) => (result = response.responseHeaders ?? result));
    return result;
  }
}

export class StubTray extends EventEmitter implements TrayApi {
  image: string;
  toolTip = '';
  menu: StubMenu | null = null;
  destroyed = false;

  constructor(image: string) {
    super();
    this.image = image;
  }
  setImage(image: string) {
    this.image = image;
  }
  setToolTip(toolTip: string) {
    this.toolTip = toolTip;
  }
  setContextMenu(menu: object | null) {
    this.menu = menu as StubMenu | null;
  }
  destroy() {
    this.destroyed = true;
  }
  /** Driver: the user picks the menu item with this id. */
  clickItem(id: string) {
    const item = this.menu?.template.find((entry) => entry.id === id);
    if (!item?.click) throw new Error(`No clickable tray item '${id}'`);
    (item.click as () => void)();
  }
}

export interface StubMenu {
  readonly template: MenuItemConstructorOptions[];
}

export class StubNotification extends EventEmitter implements NotificationApi {
  shown = false;
  closed = false;

  constructor(readonly options: NotificationConstructorOptions) {
    super();
  }
  show() {
    this.shown = true;
  }
  close() {
    this.closed = true;
    this.emit('close');
  }
}

export class StubPowerMonitor extends EventEmitter implements PowerMonitorApi {
  /** What getSystemIdleState answers (the test sets it). */
  idleState: 'active' | 'idle' | 'locked' | 'unknown' = 'active';
  readonly thresholds: number[] = [];

  getSystemIdleState(idleThreshold: number) {
    this.thresholds.push(idleThreshold);
    return this.idleState;
  }
}

/** A capturer source: `empty` thumbnails play minimized windows. */
export function stubSource(id: string, name: string, { empty = false, icon = false } = {}): CapturerSourceApi {
  const image = (data: string, isEmpty: boolean) => ({ toDataURL: () => data, isEmpty: () => isEmpty });
  return {
    id,
    name,
    thumbnail: image(empty ? 'data:,' : `data:image/png;base64,${id}`, empty),
    appIcon: icon ? image(`data:image/png;base64,icon-${id}`, false) : null,
  };
}

export class StubDesktopCapturer {
  sources: CapturerSourceApi[] = [];
  failure: Error | null = null;
  readonly requests: SourcesOptions[] = [];

  getSources(options: SourcesOptions): Promise<CapturerSourceApi[]> {
    this.requests.push(options);
    return this.failure ? Promise.reject(this.failure) : Promise.resolve(this.sources);
  }
}

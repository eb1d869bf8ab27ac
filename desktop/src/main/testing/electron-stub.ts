import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions, HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import type {
  AppApi,
  ElectronMain,
  IpcInvokeListener,
  IpcMainApi,
  MainWindowApi,
  PermissionCheckHandler,
  PermissionRequestHandler,
  SessionApi,
  WebContentsApi,
} from '../electron-api';
import type { Logger } from '../logger';

/**
 * An in-memory Electron for tests (electron stubbed). It implements exactly
 * the injected API type, keeps Electron's semantics where the code relies on
 * them (emitters, one handler per IPC channel, sync throws become rejected
 * invokes, web-contents-created during window construction, window-all-closed
 * after the last close), and adds test drivers that play the renderer's part,
 * plus a logger that records what the code reports.
 */
export function createElectronStub({ hasLock = true } = {}) {
  const app = new StubApp(hasLock);
  const windows: StubBrowserWindow[] = [];

  class StubBrowserWindow extends EventEmitter implements MainWindowApi {
    readonly webContents = new StubWebContents();
    loadedUrl: string | undefined;
    visible = false;
    focused = false;
    minimized = false;
    closed = false;

    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }

    /** Resolves and paints (ready-to-show) unless the test made the server unreachable. */
    loadURL(url: string): Promise<void> {
      this.loadedUrl = url;
      if (stub.unreachable) return Promise.reject(new Error(`ERR_CONNECTION_REFUSED (-102) loading '${url}'`));
      setImmediate(() => this.emit('ready-to-show'));
      return Promise.resolve();
    }
    show() {
      this.visible = true;
    }
    focus() {
      this.focused = true;
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      this.minimized = false;
    }
    /** Driver: the user closes the window. */
    close() {
      this.closed = true;
      this.emit('closed');
      if (windows.every((window) => window.closed)) app.emit('window-all-closed');
    }
  }

  const electron = {
    app,
    BrowserWindow: StubBrowserWindow,
    ipcMain: new StubIpcMain(),
    shell: new StubShell(),
    session: { defaultSession: new StubSession() },
  } satisfies ElectronMain;
  const logged: unknown[][] = [];
  const log: Logger = { error: (...args: unknown[]) => logged.push(args) };
  const stub = { electron, windows, log, logged, unreachable: false };
  return stub;
}
export type ElectronStub = ReturnType<typeof createElectronStub>;

export class StubApp extends EventEmitter implements AppApi {
  quitCount = 0;
  badgeCount = 0;
  #markReady = () => {};
  readonly #ready = new Promise<void>((resolve) => (this.#markReady = resolve));

  constructor(private readonly hasLock: boolean) {
    super();
  }
  requestSingleInstanceLock() {
    return this.hasLock;
  }
  whenReady() {
    return this.#ready;
  }
  /** Driver: Electron has finished initialising. */
  becomeReady() {
    this.#markReady();
  }
  quit() {
    this.quitCount += 1;
  }
  getVersion() {
    return '1.2.3';
  }
  setBadgeCount(count = 0) {
    this.badgeCount = count;
    return true;
  }
}

export class StubWebContents extends EventEmitter implements WebContentsApi {
  #windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse) {
    this.#windowOpenHandler = handler;
  }
  /** Driver: `window.open(url)` or a target=_blank link; Electron allows it when no handler is set. */
  openWindow(url: string): WindowOpenHandlerResponse {
    const details: HandlerDetails = {
      url,
      frameName: '',
      features: '',
      disposition: 'foreground-tab',
      referrer: { url: '', policy: 'strict-origin-when-cross-origin' },
    };
    return this.#windowOpenHandler?.(details) ?? { action: 'allow' };
  }
  /** Driver: a navigation (or server redirect) of a frame; true when no listener prevented it. */
  navigate(url: string, { redirect = false, isMainFrame = true } = {}): boolean {
    let prevented = false;
    const event = {
      url,
      isMainFrame,
      isSameDocument: false,
      frame: null,
      preventDefault: () => (prevented = true),
      get defaultPrevented() {
        return prevented;
      },
    };
    this.emit(redirect ? 'will-redirect' : 'will-navigate', event);
    return !prevented;
  }
}

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

  setPermissionRequestHandler(handler: PermissionRequestHandler | null) {
    this.#request = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null) {
    this.#check = handler;
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
}

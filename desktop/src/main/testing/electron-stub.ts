import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import type { ElectronMain, MainWindowApi } from '../electron-api';
import type { Logger } from '../logger';
import {
  StubDesktopCapturer,
  StubIpcMain,
  StubNotification,
  StubPowerMonitor,
  StubSession,
  StubShell,
  StubTray,
} from './stub-parts';
import { StubApp, StubWebContents } from './stub-app';

export * from './stub-app';
export * from './stub-parts';

/** What a test sets: the server unreachable, the displays attached. */
export interface StubControls {
  unreachable: boolean;
  displays: Array<{ workArea: Rectangle }>;
}

/**
 * An in-memory Electron for tests (electron stubbed). It implements exactly
 * the injected API type, keeps Electron's semantics where the code relies on
 * them (emitters, one handler per IPC channel, sync throws become rejected
 * invokes, web-contents-created during window construction, a preventable
 * close before closed, window-all-closed after the last one), and adds test
 * drivers that play the user's and the renderer's part, plus a logger that
 * records what the code reports.
 */
export function createElectronStub({ hasLock = true } = {}) {
  const controls: StubControls = {
    unreachable: false,
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1050 } }],
  };
  const app = new StubApp(hasLock);
  const windows: StubBrowserWindow[] = [];
  const trays: StubTray[] = [];
  const notifications: StubNotification[] = [];

  class StubBrowserWindow extends EventEmitter implements MainWindowApi {
    readonly webContents = new StubWebContents();
    loadedUrl: string | undefined;
    visible = false;
    focused = false;
    minimized = false;
    maximized = false;
    closed = false;
    bounds = { x: 10, y: 20, width: 1280, height: 800 };

    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      const { x, y, width, height } = options;
      this.bounds = { x: x ?? 10, y: y ?? 20, width: width ?? 800, height: height ?? 600 };
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }

    /** Resolves and paints (ready-to-show) unless the test made the server unreachable. */
    loadURL(url: string): Promise<void> {
      this.loadedUrl = url;
      if (controls.unreachable) return Promise.reject(new Error(`ERR_CONNECTION_REFUSED (-102) loading '${url}'`));
      setImmediate(() => this.emit('ready-to-show'));
      return Promise.resolve();
    }
    show() {
      this.visible = true;
    }
    hide() {
      this.visible = false;
      this.focused = false;
    }
    focus() {
      this.focused = true;
    }
    isVisible() {
      return this.visible;
    }
    isFocused() {
      return this.focused;
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      this.minimized = false;
    }
    isMaximized() {
      return this.maximized;
    }
    maximize() {
      this.maximized = true;
    }
    getNormalBounds() {
      return { ...this.bounds };
    }
    getMediaSourceId() {
      return `window:${windows.indexOf(this) + 100}:0`;
    }
    destroy() {
      this.#closed();
    }
    /** Driver: the user (or app.quit) closes the window; a close listener may prevent it. */
    close() {
      let prevented = false;
      this.emit('close', { preventDefault: () => (prevented = true) });
      if (!prevented) this.#closed();
    }
    #closed() {
      this.closed = true;
      this.emit('closed');
      if (windows.every((window) => window.closed)) app.emit('window-all-closed');
    }
  }

  class TrackedTray extends StubTray {
    constructor(image: string) {
      super(image);
      trays.push(this);
    }
  }
  class TrackedNotification extends StubNotification {
    static supported = true;
    static isSupported() {
      return TrackedNotification.supported;
    }
    constructor(options: ConstructorParameters<typeof StubNotification>[0]) {
      super(options);
      notifications.push(this);
    }
  }

  const electron = {
    app,
    BrowserWindow: StubBrowserWindow,
    ipcMain: new StubIpcMain(),
    shell: new StubShell(),
    session: { defaultSession: new StubSession() },
    Tray: TrackedTray,
    Menu: { buildFromTemplate: (template) => ({ template }) },
    Notification: TrackedNotification,
    powerMonitor: new StubPowerMonitor(),
    desktopCapturer: new StubDesktopCapturer(),
    screen: { getAllDisplays: () => controls.displays },
  } satisfies ElectronMain;
  const logged: unknown[][] = [];
  const log: Logger = { error: (...args: unknown[]) => logged.push(args) };
  return Object.assign(controls, { electron, windows, trays, notifications, log, logged });
}
export type ElectronStub = ReturnType<typeof createElectronStub>;

import { IPC_EVENTS, type DesktopEventName, type DesktopEvents } from '@tsudoi/common/protocol/ipc';
import type { ElectronMain, MainWindowApi } from './electron-api';
import type { Logger } from './logger';
import { MIN_SIZE, restoreWindowState, type WindowStateStore } from './window-state';

export interface MainWindowDeps extends Pick<ElectronMain, 'BrowserWindow' | 'screen'> {
  preloadPath: string;
  serverUrl: string;
  store: WindowStateStore;
  log: Logger;
}

/**
 * The floor window and what the app does with it. The window is an isolated,
 * sandboxed renderer whose only privilege is the preload bridge; it opens
 * with the remembered bounds, stays hidden until its first paint (no white
 * flash) and shows the error page when the server cannot be reached. Closing
 * it hides it (the app lives on in the tray) until the app quits.
 */
export class MainWindowController {
  #window: MainWindowApi | null = null;
  #painted = false;
  #quitting = false;

  constructor(private readonly deps: MainWindowDeps) {}

  get window(): MainWindowApi | null {
    return this.#window;
  }

  /** Opens the window (at `path` of the app) unless it exists; returns it. */
  open(path = '/'): MainWindowApi {
    if (this.#window) return this.#window;
    const { BrowserWindow, screen, preloadPath, serverUrl, store, log } = this.deps;
    const { maximized, ...bounds } = restoreWindowState(store.read(), screen.getAllDisplays());
    const window = new BrowserWindow({
      title: 'Tsudoi',
      ...bounds,
      minWidth: MIN_SIZE.width,
      minHeight: MIN_SIZE.height,
      show: false,
      webPreferences: {
        preload: preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        webviewTag: false,
      },
    });
    this.#window = window;
    this.#painted = false;
    if (maximized) window.maximize();
    window.once('ready-to-show', () => {
      this.#painted = true;
      window.show();
    });
    window.on('close', (event) => {
      this.#saveState();
      if (this.#quitting) return;
      event.preventDefault();
      window.hide();
    });
    window.on('closed', () => {
      if (this.#window === window) this.#window = null;
    });
    const url = new URL(path, serverUrl).href;
    window.loadURL(url).catch((error: unknown) => {
      log.error(`Could not load ${url}`, error);
      window.show();
    });
    return window;
  }

  /** Shows the window (opening it if needed), restored and focused. */
  reveal(): void {
    const window = this.open();
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  /** Takes the user to a path of the app: in the running page when it is up, else by loading it. */
  navigate(path: string): void {
    if (this.#window && this.#painted) {
      this.reveal();
      this.send('navigate', { path });
    } else {
      this.open(path);
    }
  }

  /** Sends a main → renderer event; false when there is no window to receive it. */
  send<E extends DesktopEventName>(event: E, payload: DesktopEvents[E]): boolean {
    if (!this.#window) return false;
    this.#window.webContents.send(IPC_EVENTS[event], payload);
    return true;
  }

  /** The user is looking at the window: visible, not minimized, focused. */
  isAttentive(): boolean {
    const window = this.#window;
    return window !== null && window.isVisible() && !window.isMinimized() && window.isFocused();
  }

  /** Whether `frame` is the main frame of the app window (the only one allowed to capture the screen). */
  isMainFrame(frame: unknown): boolean {
    return frame !== null && frame !== undefined && this.#window?.webContents.mainFrame === frame;
  }

  /** The media source id of the window itself, so the picker can leave it out. */
  mediaSourceId(): string | null {
    return this.#window?.getMediaSourceId() ?? null;
  }

  /** From now on closing the window really closes it (called on before-quit). */
  prepareQuit(): void {
    this.#quitting = true;
  }

  #saveState(): void {
    const window = this.#window;
    if (!window) return;
    try {
      this.deps.store.write({ ...window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      this.deps.log.error('Could not save the window bounds', error);
    }
  }
}

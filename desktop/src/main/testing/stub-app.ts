import { EventEmitter } from 'node:events';
import type { HandlerDetails, LoginItemSettings, Settings, WindowOpenHandlerResponse } from 'electron';
import type { AppApi, WebContentsApi } from '../electron-api';

/** The app and webContents of the Electron stub (see electron-stub.ts). */
export class StubApp extends EventEmitter implements AppApi {
  quitCount = 0;
  badgeCount = 0;
  locale = 'en-US';
  readonly protocols: string[] = [];
  loginItem: Settings = {};
  appUserModelId: string | null = null;
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
  /** Like Electron: before-quit, then the windows close (the test passes them). */
  quit() {
    this.quitCount += 1;
    this.emit('before-quit');
  }
  getVersion() {
    return '1.2.3';
  }
  getLocale() {
    return this.locale;
  }
  setBadgeCount(count = 0) {
    this.badgeCount = count;
    return true;
  }
  setAppUserModelId(id: string) {
    this.appUserModelId = id;
  }
  setAsDefaultProtocolClient(protocol: string) {
    this.protocols.push(protocol);
    return true;
  }
  setLoginItemSettings(settings: Settings) {
    this.loginItem = { ...this.loginItem, ...settings };
  }
  getLoginItemSettings(): LoginItemSettings {
    return {
      openAtLogin: this.loginItem.openAtLogin ?? false,
      openAsHidden: false,
      wasOpenedAtLogin: false,
      wasOpenedAsHidden: false,
      restoreState: false,
      status: 'not-registered',
      executableWillLaunchAtLogin: false,
      launchItems: [],
    };
  }
}

export class StubWebContents extends EventEmitter implements WebContentsApi {
  readonly mainFrame = { url: '' };
  /** What main sent to the renderer: [channel, payload]. */
  readonly sent: Array<[string, unknown]> = [];
  #windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;

  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, args[0]]);
  }
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
    if (!prevented && isMainFrame) this.mainFrame.url = url;
    return !prevented;
  }
}

import type {
  App,
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Event,
  IpcMain,
  Session,
  Shell,
  WebContents,
  WebContentsWillNavigateEventParams,
  WebContentsWillRedirectEventParams,
  WebFrameMain,
} from 'electron';

/**
 * The part of Electron's main-process API that Tsudoi uses, built from
 * Electron's own types. Every member is a supertype of the real one (index.ts
 * assigns the real modules to it, so tsc proves that), narrowed only where
 * Electron passes objects a test cannot build (WebContents, WebFrameMain).
 * Event subscriptions list the events we use; their listeners may take fewer
 * arguments than Electron passes, and `on` returns `unknown` because Electron
 * returns the emitter itself.
 */
export interface ElectronMain {
  app: AppApi;
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => MainWindowApi;
  ipcMain: IpcMainApi;
  shell: Pick<Shell, 'openExternal'>;
  /** `session.defaultSession` exists only once the app is ready. */
  session: { readonly defaultSession: SessionApi };
}

export interface AppApi
  extends Pick<App, 'requestSingleInstanceLock' | 'whenReady' | 'quit' | 'getVersion' | 'setBadgeCount'> {
  on(event: 'second-instance' | 'activate' | 'window-all-closed', listener: () => void): unknown;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsApi) => void): unknown;
}

export interface MainWindowApi extends Pick<BrowserWindow, 'loadURL' | 'show' | 'focus' | 'isMinimized' | 'restore'> {
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

export interface WebContentsApi extends Pick<WebContents, 'setWindowOpenHandler'> {
  on(event: 'will-navigate', listener: (event: Event<WebContentsWillNavigateEventParams>) => void): unknown;
  on(event: 'will-redirect', listener: (event: Event<WebContentsWillRedirectEventParams>) => void): unknown;
}

/** What an `ipcMain.handle` listener reads of Electron's IpcMainInvokeEvent. */
export interface IpcInvokeEvent {
  readonly senderFrame: Pick<WebFrameMain, 'url'> | null;
}
export type IpcInvokeListener = (event: IpcInvokeEvent, ...args: unknown[]) => unknown;
export interface IpcMainApi {
  handle(channel: string, listener: IpcInvokeListener): ReturnType<IpcMain['handle']>;
}

type DropWebContents<F> = F extends (webContents: never, ...rest: infer Rest) => infer R
  ? (webContents: unknown, ...rest: Rest) => R
  : never;
/** Electron's permission handlers, minus the WebContents our decisions never read. */
export type PermissionRequestHandler = DropWebContents<
  NonNullable<Parameters<Session['setPermissionRequestHandler']>[0]>
>;
export type PermissionCheckHandler = DropWebContents<NonNullable<Parameters<Session['setPermissionCheckHandler']>[0]>>;
export interface SessionApi {
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void;
}

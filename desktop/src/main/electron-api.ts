import type {
  App,
  BrowserWindow,
  BrowserWindowConstructorOptions,
  DesktopCapturerSource,
  Event,
  IpcMain,
  MenuItemConstructorOptions,
  NativeImage,
  Notification,
  NotificationConstructorOptions,
  OnHeadersReceivedListenerDetails,
  PowerMonitor,
  Rectangle,
  Session,
  Shell,
  SourcesOptions,
  Tray,
  WebContents,
  WebContentsWillNavigateEventParams,
  WebContentsWillRedirectEventParams,
  WebFrameMain,
} from 'electron';

/**
 * The part of Electron's main-process API that Tsudoi uses, built from
 * Electron's own types. Every member is a supertype of the real one (index.ts
 * assigns the real modules to it, so tsc proves that), narrowed only where
 * Electron passes objects a test cannot build (WebContents, WebFrameMain,
 * NativeImage, Menu). Event subscriptions list the events we use; their
 * listeners may take fewer arguments than Electron passes, and `on` returns
 * `unknown` because Electron returns the emitter itself.
 */
export interface ElectronMain {
  app: AppApi;
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => MainWindowApi;
  ipcMain: IpcMainApi;
  shell: Pick<Shell, 'openExternal'>;
  /** `session.defaultSession` exists only once the app is ready. */
  session: { readonly defaultSession: SessionApi };
  Tray: new (image: string) => TrayApi;
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): MenuApi };
  Notification: (new (options: NotificationConstructorOptions) => NotificationApi) & { isSupported(): boolean };
  /** Usable only once the app is ready. */
  powerMonitor: PowerMonitorApi;
  desktopCapturer: { getSources(options: SourcesOptions): Promise<CapturerSourceApi[]> };
  /** Usable only once the app is ready. */
  screen: { getAllDisplays(): Array<{ workArea: Rectangle }> };
}

/** Electron's preventable events, as far as our listeners use them. */
export type PreventableEvent = Pick<Event, 'preventDefault'>;

export interface AppApi
  extends Pick<
    App,
    | 'requestSingleInstanceLock'
    | 'whenReady'
    | 'quit'
    | 'getVersion'
    | 'setBadgeCount'
    | 'getLocale'
    | 'setAsDefaultProtocolClient'
    | 'getLoginItemSettings'
    | 'setLoginItemSettings'
    | 'setAppUserModelId'
  > {
  on(event: 'activate' | 'window-all-closed' | 'before-quit', listener: () => void): unknown;
  on(event: 'second-instance', listener: (event: PreventableEvent, argv: string[]) => void): unknown;
  on(event: 'open-url', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsApi) => void): unknown;
}

export interface MainWindowApi
  extends Pick<
    BrowserWindow,
    | 'loadURL'
    | 'show'
    | 'hide'
    | 'focus'
    | 'isMinimized'
    | 'restore'
    | 'isVisible'
    | 'isFocused'
    | 'isMaximized'
    | 'maximize'
    | 'getNormalBounds'
    | 'getMediaSourceId'
    | 'destroy'
  > {
  readonly webContents: Pick<WebContents, 'send'> & { readonly mainFrame: unknown };
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
  on(event: 'close', listener: (event: PreventableEvent) => void): unknown;
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

/** A built menu is opaque to us: we only hand it to the tray. */
export type MenuApi = object;
export interface TrayApi extends Pick<Tray, 'setImage' | 'setToolTip' | 'destroy'> {
  setContextMenu(menu: MenuApi | null): void;
  on(event: 'click', listener: () => void): unknown;
}

export interface NotificationApi extends Pick<Notification, 'show' | 'close'> {
  on(event: 'click' | 'close', listener: () => void): unknown;
}

export interface PowerMonitorApi extends Pick<PowerMonitor, 'getSystemIdleState'> {
  on(event: 'lock-screen' | 'unlock-screen' | 'suspend' | 'resume', listener: () => void): unknown;
}

export type ImageApi = Pick<NativeImage, 'toDataURL' | 'isEmpty'>;
export interface CapturerSourceApi extends Pick<DesktopCapturerSource, 'id' | 'name'> {
  readonly thumbnail: ImageApi;
  /** Only window sources with fetchWindowIcons have one; Electron may give none. */
  readonly appIcon: ImageApi | null;
}

type DropWebContents<F> = F extends (webContents: never, ...rest: infer Rest) => infer R
  ? (webContents: unknown, ...rest: Rest) => R
  : never;
/** Electron's permission handlers, minus the WebContents our decisions never read. */
export type PermissionRequestHandler = DropWebContents<
  NonNullable<Parameters<Session['setPermissionRequestHandler']>[0]>
>;
export type PermissionCheckHandler = DropWebContents<NonNullable<Parameters<Session['setPermissionCheckHandler']>[0]>>;

/** What the display-media handler reads of the request, and what it may grant. */
export interface DisplayMediaRequest {
  readonly frame: Pick<WebFrameMain, 'url'> | null;
  readonly securityOrigin: string;
  readonly videoRequested: boolean;
}
export type DisplayMediaGrant = { video?: { id: string; name: string } };
export type DisplayMediaHandler = (
  request: DisplayMediaRequest,
  callback: (streams: DisplayMediaGrant) => void,
) => void;

export type HeadersDetails = Pick<OnHeadersReceivedListenerDetails, 'url' | 'resourceType' | 'responseHeaders'>;
export type HeadersListener = (
  details: HeadersDetails,
  callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
) => void;

export interface SessionApi {
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void;
  setDisplayMediaRequestHandler(handler: DisplayMediaHandler | null): void;
  readonly webRequest: { onHeadersReceived(filter: { urls: string[] }, listener: HeadersListener | null): void };
}

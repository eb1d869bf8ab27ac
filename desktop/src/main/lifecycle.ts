import type { PresenceReason, PresenceStatus } from '@tsudoi/common/protocol/ipc';
import type { ElectronMain } from './electron-api';
import type { DesktopConfig } from './config';
import type { Logger } from './logger';
import { DEEP_LINK_SCHEME, findDeepLink, parseDeepLink } from './deep-link';
import { AutoAway, IdleWatcher, type Timers } from './idle';
import { registerIpc } from './ipc';
import { trayText } from './messages';
import { NotificationCenter } from './notifications';
import { PresenceState } from './presence';
import { installDisplayMediaHandler, ScreenPicker } from './screen-capture';
import { hardenWebContents, installCsp, installPermissionHandlers } from './security';
import { TrayController, type TrayState } from './tray';
import type { WindowStateStore } from './window-state';
import { MainWindowController } from './windows';

export const APP_USER_MODEL_ID = 'jp.tsudoi.desktop';

export interface DesktopOptions {
  electron: ElectronMain;
  config: DesktopConfig;
  preloadPath: string;
  trayIconDir: string;
  platform: NodeJS.Platform;
  /** The command line (a tsudoi:// link may be in it). */
  argv: readonly string[];
  windowState: WindowStateStore;
  log: Logger;
  timers?: Timers;
  /** Development runs (`electron desktop`) register the link handler as Electron plus the app folder. */
  protocolClient?: { path: string; args: string[] };
}

/** The running app's parts, for tests and the composition root. */
export interface Desktop {
  presence: PresenceState;
  windows: MainWindowController;
  picker: ScreenPicker;
  notifications: NotificationCenter;
  idle: IdleWatcher;
  tray: TrayController;
}

/**
 * Starts the app: one instance only (a second launch, or a tsudoi:// link,
 * goes to the first), every webContents hardened from birth, permissions,
 * CSP, screen capture and IPC installed before the main window loads. The
 * window closes into the tray; the tray's Quit (or the system's) ends the app.
 */
export async function startDesktop(options: DesktopOptions): Promise<Desktop | null> {
  const { electron, config, log } = options;
  const { app } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  const { protocolClient } = options;
  if (protocolClient) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, protocolClient.path, protocolClient.args);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  let desktop: Desktop | null = null;
  let startPath = findDeepLink(options.argv);
  const openPath = (path: string | null) => {
    if (!desktop) startPath = path ?? startPath;
    else if (path) desktop.windows.navigate(path);
    else desktop.windows.reveal();
  };

  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { shell: electron.shell, appOrigin: config.appOrigin, log }),
  );
  app.on('second-instance', (_event, argv) => openPath(findDeepLink(argv)));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openPath(parseDeepLink(url));
  });
  app.on('activate', () => openPath(null));
  app.on('before-quit', () => {
    if (!desktop) return;
    desktop.windows.prepareQuit();
    desktop.idle.stop();
    desktop.picker.cancel();
    desktop.notifications.closeAll();
    desktop.tray.destroy();
  });

  // Windows shows toasts only for the AppUserModelID the installer registered (electron-builder's appId).
  if (options.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  await app.whenReady();
  desktop = assemble(options);
  desktop.windows.open(startPath ?? '/');
  return desktop;
}

function assemble({ electron, config, preloadPath, trayIconDir, platform, windowState, log, timers }: DesktopOptions) {
  const { app, session } = electron;
  const windows = new MainWindowController({
    ...electron,
    preloadPath,
    serverUrl: config.serverUrl,
    store: windowState,
    log,
  });
  const presence = new PresenceState();
  const requestPresence = (status: PresenceStatus, reason: PresenceReason) => {
    presence.setStatus(status);
    windows.send('presenceRequested', { status, reason });
  };
  const autoAway = new AutoAway(() => presence.snapshot.status, requestPresence);
  const trayState = (): TrayState => ({
    ...presence.snapshot,
    launchAtLogin: platform === 'linux' ? null : app.getLoginItemSettings().openAtLogin,
  });
  const tray = new TrayController(
    {
      ...electron,
      iconDir: trayIconDir,
      text: trayText(app.getLocale()),
      actions: {
        open: () => windows.reveal(),
        setStatus: (status) => {
          autoAway.statusChosen(status);
          requestPresence(status, 'tray');
        },
        setMicMuted: (muted) => {
          presence.setMicMuted(muted);
          windows.send('micMuteRequested', { muted });
        },
        setLaunchAtLogin: (openAtLogin) => {
          app.setLoginItemSettings({ openAtLogin });
          tray.render(trayState());
        },
        quit: () => app.quit(),
      },
    },
    trayState(),
  );
  presence.onChange((snapshot) => {
    tray.render(trayState());
    app.setBadgeCount(snapshot.unreadCount);
  });

  const idle = new IdleWatcher({
    powerMonitor: electron.powerMonitor,
    ...(timers ? { timers } : {}),
    onAway: (reason) => autoAway.away(reason),
    onBack: () => autoAway.back(),
  });
  idle.start();

  const notifications = new NotificationCenter({
    Notification: electron.Notification,
    isAttentive: () => windows.isAttentive(),
    open: (path) => windows.navigate(path),
  });
  const picker = new ScreenPicker({
    desktopCapturer: electron.desktopCapturer,
    showPicker: (requestId, sources) => windows.send('screenPickRequested', { requestId, sources }),
    ownWindowId: () => windows.mediaSourceId(),
    log,
  });

  installPermissionHandlers(session.defaultSession, config.appOrigin);
  installCsp(session.defaultSession, config.appOrigin);
  installDisplayMediaHandler(session.defaultSession, {
    picker,
    appOrigin: config.appOrigin,
    isAppFrame: (frame) => windows.isMainFrame(frame),
  });
  registerIpc({
    ipcMain: electron.ipcMain,
    appOrigin: config.appOrigin,
    services: {
      getAppInfo: () => ({ version: app.getVersion(), platform, serverUrl: config.serverUrl }),
      setPresence: (status) => {
        autoAway.statusChosen(status);
        presence.setStatus(status);
      },
      setUnreadCount: (count) => presence.setUnreadCount(count),
      setMicMuted: (muted) => presence.setMicMuted(muted),
      showWindow: () => windows.reveal(),
      notify: (notification) => notifications.show(notification),
      chooseScreenSource: (choice) => picker.choose(choice),
    },
  });
  return { presence, windows, picker, notifications, idle, tray } satisfies Desktop;
}

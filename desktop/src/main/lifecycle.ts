import type { ElectronMain, MainWindowApi } from './electron-api';
import type { DesktopConfig } from './config';
import type { Logger } from './logger';
import { registerIpc } from './ipc';
import { PresenceState } from './presence';
import { hardenWebContents, installPermissionHandlers } from './security';
import { createMainWindow } from './windows';

export interface DesktopOptions {
  electron: ElectronMain;
  config: DesktopConfig;
  preloadPath: string;
  platform: NodeJS.Platform;
  log: Logger;
}

/**
 * Starts the app: one instance only (a second launch focuses the first),
 * every webContents hardened from birth, permissions and IPC installed
 * before the main window loads. Closing the last window quits, except on
 * macOS where the app stays in the dock and reopens on activate.
 */
export async function startDesktop({ electron, config, preloadPath, platform, log }: DesktopOptions): Promise<void> {
  const { app } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const presence = new PresenceState();
  presence.onChange(({ unreadCount }) => app.setBadgeCount(unreadCount));

  let ready = false;
  let mainWindow: MainWindowApi | null = null;
  const openMainWindow = () => {
    const opened = createMainWindow({
      BrowserWindow: electron.BrowserWindow,
      preloadPath,
      serverUrl: config.serverUrl,
      log,
    });
    opened.on('closed', () => {
      if (mainWindow === opened) mainWindow = null;
    });
    mainWindow = opened;
  };
  const revealMainWindow = () => {
    if (!ready) return;
    if (!mainWindow) return openMainWindow();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };

  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { shell: electron.shell, appOrigin: config.appOrigin, log }),
  );
  app.on('second-instance', revealMainWindow);
  app.on('activate', revealMainWindow);
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit();
  });

  await app.whenReady();
  installPermissionHandlers(electron.session.defaultSession, config.appOrigin);
  registerIpc({
    ipcMain: electron.ipcMain,
    appOrigin: config.appOrigin,
    services: {
      getAppInfo: () => ({ version: app.getVersion(), platform, serverUrl: config.serverUrl }),
      setPresence: (status) => presence.setStatus(status),
      setUnreadCount: (count) => presence.setUnreadCount(count),
      showWindow: revealMainWindow,
    },
  });
  ready = true;
  openMainWindow();
}

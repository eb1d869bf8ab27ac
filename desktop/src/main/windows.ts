import type { ElectronMain, MainWindowApi } from './electron-api';
import type { Logger } from './logger';

export interface MainWindowDeps {
  BrowserWindow: ElectronMain['BrowserWindow'];
  preloadPath: string;
  serverUrl: string;
  log: Logger;
}

/**
 * The floor window: an isolated, sandboxed renderer whose only privilege is
 * the preload bridge. It stays hidden until its first paint (no white flash)
 * and shows the error page when the server cannot be reached.
 */
export function createMainWindow({ BrowserWindow, preloadPath, serverUrl, log }: MainWindowDeps): MainWindowApi {
  const mainWindow = new BrowserWindow({
    title: 'Tsudoi',
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
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
  mainWindow.once('ready-to-show', () => mainWindow.show());
  mainWindow.loadURL(serverUrl).catch((error: unknown) => {
    log.error(`Could not load ${serverUrl}`, error);
    mainWindow.show();
  });
  return mainWindow;
}

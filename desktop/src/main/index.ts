import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  desktopCapturer,
  ipcMain,
  Menu,
  Notification,
  powerMonitor,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import { loadConfig } from './config';
import type { ElectronMain } from './electron-api';
import { startDesktop } from './lifecycle';
import type { Logger } from './logger';
import type { WindowStateStore } from './window-state';

/** Composition root: the real Electron modules, checked against the injected API type. */
const electron: ElectronMain = {
  app,
  BrowserWindow,
  ipcMain,
  shell,
  // Getters: these modules may be touched only once the app is ready.
  get session() {
    return session;
  },
  Tray,
  Menu,
  Notification,
  get powerMonitor() {
    return powerMonitor;
  },
  desktopCapturer,
  get screen() {
    return screen;
  },
};
const log: Logger = console;

/** The window bounds, remembered in userData/window-state.json (unreadable or missing: defaults). */
const windowState: WindowStateStore = {
  read: () => {
    try {
      return JSON.parse(readFileSync(path.join(app.getPath('userData'), 'window-state.json'), 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  },
  write: (state) => {
    const dir = app.getPath('userData');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'window-state.json'), JSON.stringify(state));
  },
};

startDesktop({
  electron,
  config: loadConfig(),
  preloadPath: path.join(app.getAppPath(), 'dist-electron/preload/index.cjs'),
  trayIconDir: path.join(app.getAppPath(), 'dist-electron/tray'),
  platform: process.platform,
  argv: process.argv,
  windowState,
  log,
  ...(process.defaultApp && process.argv[1]
    ? { protocolClient: { path: process.execPath, args: [path.resolve(process.argv[1])] } }
    : {}),
}).catch((error: unknown) => {
  log.error('Tsudoi could not start', error);
  app.exit(1);
});

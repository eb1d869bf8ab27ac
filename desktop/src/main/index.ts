import path from 'node:path';
import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import { loadConfig } from './config';
import type { ElectronMain } from './electron-api';
import { startDesktop } from './lifecycle';
import type { Logger } from './logger';

/** Composition root: the real Electron modules, checked against the injected API type. */
const electron: ElectronMain = { app, BrowserWindow, ipcMain, session, shell };
const log: Logger = console;

startDesktop({
  electron,
  config: loadConfig(),
  preloadPath: path.join(app.getAppPath(), 'dist-electron/preload/index.cjs'),
  platform: process.platform,
  log,
}).catch((error: unknown) => {
  log.error('Tsudoi could not start', error);
  app.exit(1);
});

import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApi } from '@tsudoi/common/protocol/ipc';
import { createDesktopApi } from './desktop-api';

const api = createDesktopApi((channel, ...args) => ipcRenderer.invoke(channel, ...args)) satisfies DesktopApi;
contextBridge.exposeInMainWorld('desktop', api);

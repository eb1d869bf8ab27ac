import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopApi } from '@tsudoi/common/protocol/ipc';
import { createDesktopApi } from './desktop-api';

const api = createDesktopApi(
  (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  (channel, listener) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => void ipcRenderer.removeListener(channel, wrapped);
  },
) satisfies DesktopApi;
contextBridge.exposeInMainWorld('desktop', api);

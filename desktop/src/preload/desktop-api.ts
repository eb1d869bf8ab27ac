import { IPC_CHANNELS, type DesktopApi, type IpcChannel } from '@tsudoi/common/protocol/ipc';

/** `ipcRenderer.invoke`, as far as the bridge uses it. */
export type Invoke = (channel: IpcChannel, ...args: unknown[]) => Promise<unknown>;

/**
 * The bridge the renderer sees as `window.desktop`: one method per channel,
 * each forwarding its single argument. Main validates it; nothing else of
 * ipcRenderer is reachable from the page.
 */
export function createDesktopApi(invoke: Invoke): DesktopApi {
  return {
    isDesktop: true,
    getAppInfo: () => invoke(IPC_CHANNELS.getAppInfo) as ReturnType<DesktopApi['getAppInfo']>,
    setPresence: (status) => invoke(IPC_CHANNELS.setPresence, status).then(() => undefined),
    setUnreadCount: (count) => invoke(IPC_CHANNELS.setUnreadCount, count).then(() => undefined),
    showWindow: () => invoke(IPC_CHANNELS.showWindow).then(() => undefined),
  };
}

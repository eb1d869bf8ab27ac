import { IPC_CHANNELS, IPC_EVENTS, type DesktopApi, type IpcChannel } from '@tsudoi/common/protocol/ipc';

/** `ipcRenderer.invoke`, as far as the bridge uses it. */
export type Invoke = (channel: IpcChannel, ...args: unknown[]) => Promise<unknown>;
/** `ipcRenderer.on` / `removeListener`, with the IpcRendererEvent already dropped. */
export type Subscribe = (channel: string, listener: (payload: unknown) => void) => () => void;

const EVENT_NAMES: ReadonlySet<string> = new Set(Object.keys(IPC_EVENTS));

/**
 * The bridge the renderer sees as `window.desktop`: one method per channel,
 * each forwarding its single argument, and `on` for main's events (only the
 * IPC_EVENTS, only their payload: never the IpcRendererEvent and its sender).
 * Main validates everything; nothing else of ipcRenderer is reachable.
 */
export function createDesktopApi(invoke: Invoke, subscribe: Subscribe): DesktopApi {
  const done = () => undefined;
  return {
    isDesktop: true,
    getAppInfo: () => invoke(IPC_CHANNELS.getAppInfo) as ReturnType<DesktopApi['getAppInfo']>,
    setPresence: (status) => invoke(IPC_CHANNELS.setPresence, status).then(done),
    setUnreadCount: (count) => invoke(IPC_CHANNELS.setUnreadCount, count).then(done),
    setMicMuted: (muted) => invoke(IPC_CHANNELS.setMicMuted, muted).then(done),
    showWindow: () => invoke(IPC_CHANNELS.showWindow).then(done),
    notify: (notification) => invoke(IPC_CHANNELS.notify, notification).then((shown) => shown === true),
    chooseScreenSource: (choice) => invoke(IPC_CHANNELS.chooseScreenSource, choice).then(done),
    on: (event, listener) => {
      if (!EVENT_NAMES.has(event)) throw new Error(`Unknown desktop event: ${String(event)}`);
      return subscribe(IPC_EVENTS[event], (payload) => listener(payload as Parameters<typeof listener>[0]));
    },
  };
}

import { IPC_CHANNELS, ipcPayloadSchemas, type DesktopApi } from '@tsudoi/common/protocol/ipc';
import type { IpcMainApi } from './electron-api';
import { isAllowedNavigation } from './security';

type BridgeMethod = keyof typeof IPC_CHANNELS;

/** Main-process implementations of the bridge, one per DesktopApi method. */
export type DesktopServices = {
  [M in BridgeMethod]: (...args: Parameters<DesktopApi[M]>) => Awaited<ReturnType<DesktopApi[M]>>;
};

export interface IpcDeps {
  ipcMain: IpcMainApi;
  appOrigin: string;
  services: DesktopServices;
}

/**
 * One `ipcMain.handle` per channel. A call is refused (the renderer's promise
 * rejects) unless it comes from a page of the app origin and carries exactly
 * the payload the channel's schema accepts.
 */
export function registerIpc({ ipcMain, appOrigin, services }: IpcDeps): void {
  for (const method of Object.keys(IPC_CHANNELS) as BridgeMethod[]) {
    const channel = IPC_CHANNELS[method];
    ipcMain.handle(channel, (event, ...args) => {
      const senderUrl = event.senderFrame?.url;
      if (senderUrl === undefined || !isAllowedNavigation(senderUrl, appOrigin)) {
        throw new Error(`IPC ${channel} refused: the sender is not a page of ${appOrigin}`);
      }
      const parsed = ipcPayloadSchemas[channel].safeParse(args[0]);
      if (args.length > 1 || !parsed.success) throw new Error(`IPC ${channel} refused: invalid payload`);
      // The loop loses the link between method and payload type; this channel's schema has just checked it.
      const service = services[method] as (this: DesktopServices, payload: unknown) => unknown;
      return service.call(services, parsed.data);
    });
  }
}

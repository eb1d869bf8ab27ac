import { expect } from 'chai';
import { IPC_CHANNELS, type PresenceStatus } from '@tsudoi/common/protocol/ipc';
import { registerIpc, type DesktopServices } from './ipc';
import { createElectronStub } from './testing/electron-stub';

const APP = 'http://127.0.0.1:3000';
const PAGE = `${APP}/rooms/1`;
const knock = { kind: 'knock', title: 'Taro knocks', body: 'Room 3', path: '/floors/12' } as const;

function setup() {
  const calls: Array<[string, ...unknown[]]> = [];
  const services: DesktopServices = {
    getAppInfo: () => ({ version: '1.2.3', platform: 'linux', serverUrl: `${APP}/` }),
    setPresence: (status: PresenceStatus) => void calls.push(['setPresence', status]),
    setUnreadCount: (count: number) => void calls.push(['setUnreadCount', count]),
    setMicMuted: (muted: boolean) => void calls.push(['setMicMuted', muted]),
    showWindow: () => void calls.push(['showWindow']),
    notify: (notification) => (calls.push(['notify', notification]), true),
    chooseScreenSource: (choice) => void calls.push(['chooseScreenSource', choice]),
  };
  const { ipcMain } = createElectronStub().electron;
  registerIpc({ ipcMain, appOrigin: APP, services });
  return { ipcMain, calls };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the invoke to be refused');
}

describe('registerIpc (electron stubbed)', () => {
  it('handles every channel of IPC_CHANNELS, once', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()]).to.have.members(Object.values(IPC_CHANNELS));
  });

  it('delegates valid calls from the app to the services', async () => {
    const { ipcMain, calls } = setup();
    expect(await ipcMain.invoke(IPC_CHANNELS.getAppInfo, PAGE)).to.deep.equal({
      version: '1.2.3',
      platform: 'linux',
      serverUrl: `${APP}/`,
    });
    expect(await ipcMain.invoke(IPC_CHANNELS.setPresence, PAGE, 'busy')).to.equal(undefined);
    await ipcMain.invoke(IPC_CHANNELS.setUnreadCount, PAGE, 0);
    await ipcMain.invoke(IPC_CHANNELS.setUnreadCount, PAGE, 42);
    await ipcMain.invoke(IPC_CHANNELS.showWindow, `${APP}/`);
    await ipcMain.invoke(IPC_CHANNELS.setMicMuted, PAGE, true);
    expect(await ipcMain.invoke(IPC_CHANNELS.notify, PAGE, knock)).to.equal(true);
    await ipcMain.invoke(IPC_CHANNELS.chooseScreenSource, PAGE, { requestId: 'r1', sourceId: 'screen:0:0' });
    await ipcMain.invoke(IPC_CHANNELS.chooseScreenSource, PAGE, { requestId: 'r2', sourceId: null });
    expect(calls).to.deep.equal([
      ['setPresence', 'busy'],
      ['setUnreadCount', 0],
      ['setUnreadCount', 42],
      ['showWindow'],
      ['setMicMuted', true],
      ['notify', knock],
      ['chooseScreenSource', { requestId: 'r1', sourceId: 'screen:0:0' }],
      ['chooseScreenSource', { requestId: 'r2', sourceId: null }],
    ]);
  });

  it('refuses senders outside the app origin, whatever the payload', async () => {
    const { ipcMain, calls } = setup();
    for (const sender of ['https://evil.example.com/', 'http://127.0.0.1:3001/', 'file:///tmp/x.html', null]) {
      const error = await rejection(ipcMain.invoke(IPC_CHANNELS.setPresence, sender, 'busy'));
      expect(error.message, String(sender)).to.match(/presence:set refused: the sender is not a page of/);
    }
    await rejection(ipcMain.invoke(IPC_CHANNELS.getAppInfo, 'https://evil.example.com/'));
    expect(calls).to.deep.equal([]);
  });

  it('refuses payloads the channel schema rejects', async () => {
    const { ipcMain, calls } = setup();
    const bad: Array<[string, unknown[]]> = [
      [IPC_CHANNELS.setPresence, ['sleeping']],
      [IPC_CHANNELS.setPresence, []],
      [IPC_CHANNELS.setPresence, ['busy', 'extra']],
      [IPC_CHANNELS.setUnreadCount, [-1]],
      [IPC_CHANNELS.setUnreadCount, [1.5]],
      [IPC_CHANNELS.setUnreadCount, ['3']],
      [IPC_CHANNELS.setUnreadCount, [Number.NaN]],
      [IPC_CHANNELS.showWindow, [{ x: 1 }]],
      [IPC_CHANNELS.getAppInfo, ['please']],
      [IPC_CHANNELS.setMicMuted, ['yes']],
      [IPC_CHANNELS.setMicMuted, [1]],
      [IPC_CHANNELS.notify, [{ ...knock, kind: 'spam' }]],
      [IPC_CHANNELS.notify, [{ ...knock, title: '   ' }]],
      [IPC_CHANNELS.notify, [{ ...knock, body: 'x'.repeat(1001) }]],
      [IPC_CHANNELS.notify, [{ ...knock, path: 'https://evil.example.com/' }]],
      [IPC_CHANNELS.notify, [{ ...knock, path: '//evil.example.com/' }]],
      [IPC_CHANNELS.notify, [{ ...knock, path: '/\\evil.example.com/' }]],
      [IPC_CHANNELS.notify, [{ ...knock, path: 'javascript:alert(1)' }]],
      [IPC_CHANNELS.notify, [{ ...knock, icon: '/etc/passwd' }]],
      [IPC_CHANNELS.chooseScreenSource, [{ requestId: 'r1' }]],
      [IPC_CHANNELS.chooseScreenSource, [{ requestId: '', sourceId: null }]],
      [IPC_CHANNELS.chooseScreenSource, [{ requestId: 'r1', sourceId: 7 }]],
      [IPC_CHANNELS.chooseScreenSource, [{ requestId: 'r1', sourceId: null, audio: 'loopback' }]],
    ];
    for (const [channel, args] of bad) {
      const error = await rejection(ipcMain.invoke(channel, PAGE, ...args));
      expect(error.message, `${channel} ${JSON.stringify(args)}`).to.equal(`IPC ${channel} refused: invalid payload`);
    }
    expect(calls).to.deep.equal([]);
  });
});

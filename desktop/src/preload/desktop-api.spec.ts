import { expect } from 'chai';
import { IPC_CHANNELS, type AppInfo } from '@tsudoi/common/protocol/ipc';
import { createDesktopApi, type Invoke } from './desktop-api';

const info: AppInfo = { version: '1.2.3', platform: 'win32', serverUrl: 'https://office.example.jp/' };

function recorder() {
  const calls: unknown[][] = [];
  const invoke: Invoke = (channel, ...args) => {
    calls.push([channel, ...args]);
    return Promise.resolve(channel === IPC_CHANNELS.getAppInfo ? info : 'ignored');
  };
  return { api: createDesktopApi(invoke), calls };
}

describe('preload bridge', () => {
  it('maps each method to its channel with its single argument', async () => {
    const { api, calls } = recorder();
    expect(await api.getAppInfo()).to.deep.equal(info);
    expect(await api.setPresence('meeting')).to.equal(undefined);
    expect(await api.setUnreadCount(5)).to.equal(undefined);
    expect(await api.showWindow()).to.equal(undefined);
    expect(calls).to.deep.equal([
      [IPC_CHANNELS.getAppInfo],
      [IPC_CHANNELS.setPresence, 'meeting'],
      [IPC_CHANNELS.setUnreadCount, 5],
      [IPC_CHANNELS.showWindow],
    ]);
  });

  it('exposes the DesktopApi and nothing else', () => {
    expect(Object.keys(recorder().api).sort()).to.deep.equal([...Object.keys(IPC_CHANNELS), 'isDesktop'].sort());
    expect(recorder().api.isDesktop).to.equal(true);
  });

  it('passes refusals from main through to the page', async () => {
    const api = createDesktopApi(() => Promise.reject(new Error('IPC presence:set refused: invalid payload')));
    let message = '';
    await api.setPresence('busy').catch((error: Error) => (message = error.message));
    expect(message).to.equal('IPC presence:set refused: invalid payload');
  });
});

import { expect } from 'chai';
import { IPC_CHANNELS, IPC_EVENTS, type AppInfo, type DesktopEventName } from '@tsudoi/common/protocol/ipc';
import { createDesktopApi, type Invoke, type Subscribe } from './desktop-api';

const info: AppInfo = { version: '1.2.3', platform: 'win32', serverUrl: 'https://office.example.jp/' };

function recorder() {
  const calls: unknown[][] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const invoke: Invoke = (channel, ...args) => {
    calls.push([channel, ...args]);
    if (channel === IPC_CHANNELS.getAppInfo) return Promise.resolve(info);
    return Promise.resolve(channel === IPC_CHANNELS.notify ? true : 'ignored');
  };
  const subscribe: Subscribe = (channel, listener) => {
    listeners.set(channel, listener);
    return () => listeners.delete(channel);
  };
  return { api: createDesktopApi(invoke, subscribe), calls, listeners };
}

const notification = { kind: 'mention', title: 'Taro', body: '@Hanako hi', path: '/chat' } as const;

describe('preload bridge', () => {
  it('maps each method to its channel with its single argument', async () => {
    const { api, calls } = recorder();
    expect(await api.getAppInfo()).to.deep.equal(info);
    expect(await api.setPresence('meeting')).to.equal(undefined);
    expect(await api.setUnreadCount(5)).to.equal(undefined);
    expect(await api.setMicMuted(true)).to.equal(undefined);
    expect(await api.showWindow()).to.equal(undefined);
    expect(await api.notify(notification)).to.equal(true);
    expect(await api.chooseScreenSource({ requestId: 'r1', sourceId: null })).to.equal(undefined);
    expect(calls).to.deep.equal([
      [IPC_CHANNELS.getAppInfo],
      [IPC_CHANNELS.setPresence, 'meeting'],
      [IPC_CHANNELS.setUnreadCount, 5],
      [IPC_CHANNELS.setMicMuted, true],
      [IPC_CHANNELS.showWindow],
      [IPC_CHANNELS.notify, notification],
      [IPC_CHANNELS.chooseScreenSource, { requestId: 'r1', sourceId: null }],
    ]);
  });

  it('exposes the DesktopApi and nothing else', () => {
    expect(Object.keys(recorder().api).sort()).to.deep.equal([...Object.keys(IPC_CHANNELS), 'isDesktop', 'on'].sort());
    expect(recorder().api.isDesktop).to.equal(true);
  });

  it('delivers only the payload of main events to subscribers, until they unsubscribe', () => {
    const { api, listeners } = recorder();
    const seen: unknown[] = [];
    const off = api.on('navigate', (payload) => seen.push(payload));
    listeners.get(IPC_EVENTS.navigate)?.({ path: '/floors/3' });
    off();
    expect(listeners.has(IPC_EVENTS.navigate)).to.equal(false);
    expect(seen).to.deep.equal([{ path: '/floors/3' }]);
  });

  it('refuses to subscribe to anything but the declared events', () => {
    const { api, listeners } = recorder();
    expect(() => api.on('ipc:anything' as DesktopEventName, () => undefined)).to.throw(/Unknown desktop event/);
    expect(() => api.on('toString' as DesktopEventName, () => undefined)).to.throw(/Unknown desktop event/);
    expect(listeners.size).to.equal(0);
  });

  it('passes refusals from main through to the page', async () => {
    const api = createDesktopApi(
      () => Promise.reject(new Error('IPC presence:set refused: invalid payload')),
      () => () => undefined,
    );
    let message = '';
    await api.setPresence('busy').catch((error: Error) => (message = error.message));
    expect(message).to.equal('IPC presence:set refused: invalid payload');
  });
});

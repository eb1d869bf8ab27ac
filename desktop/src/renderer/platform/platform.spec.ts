import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { AppInfo, DesktopApi, DesktopEvents, PresenceStatus } from '@tsudoi/common';
import { version } from '../../../package.json';
import { getPlatform, type PlatformHost } from '.';

const info: AppInfo = { version: '9.9.9', platform: 'darwin', serverUrl: 'https://office.example.jp/' };

function stubBridge() {
  const calls: unknown[][] = [];
  const listeners: Array<[string, (payload: never) => void]> = [];
  const bridge: DesktopApi = {
    isDesktop: true,
    getAppInfo: () => Promise.resolve(info),
    setPresence: (status: PresenceStatus) => Promise.resolve(void calls.push(['setPresence', status])),
    setUnreadCount: (count: number) => Promise.resolve(void calls.push(['setUnreadCount', count])),
    setMicMuted: (muted) => Promise.resolve(void calls.push(['setMicMuted', muted])),
    showWindow: () => Promise.resolve(void calls.push(['showWindow'])),
    notify: (notification) => Promise.resolve(calls.push(['notify', notification]) > 0),
    chooseScreenSource: (choice) => Promise.resolve(void calls.push(['chooseScreenSource', choice])),
    on: (event, listener) => {
      listeners.push([event, listener]);
      return () => void calls.push(['unsubscribed', event]);
    },
  };
  const emit = <E extends keyof DesktopEvents>(event: E, payload: DesktopEvents[E]) => {
    for (const [name, listener] of listeners) if (name === event) (listener as (p: DesktopEvents[E]) => void)(payload);
  };
  return { bridge, calls, emit };
}

function browserHost(navigator: PlatformHost['navigator'] = {}): PlatformHost {
  return { location: { origin: 'https://office.example.jp' }, navigator };
}

describe('getPlatform', () => {
  it('picks the desktop bridge when the preload exposed one', () => {
    const { bridge } = stubBridge();
    expect(getPlatform({ ...browserHost(), desktop: bridge }).kind).to.equal('desktop');
  });

  it('falls back to the browser without a bridge, or with something that is not one', () => {
    expect(getPlatform(browserHost()).kind).to.equal('browser');
    const impostor = { isDesktop: false } as unknown as DesktopApi;
    expect(getPlatform({ ...browserHost(), desktop: impostor }).kind).to.equal('browser');
  });
});

describe('desktop platform (stubbed bridge)', () => {
  it('forwards presence and unread count to the bridge and answers its app info', async () => {
    const { bridge, calls } = stubBridge();
    const platform = getPlatform({ ...browserHost(), desktop: bridge });
    await platform.setPresence('busy');
    await platform.setUnreadCount(2);
    expect(calls).to.deep.equal([
      ['setPresence', 'busy'],
      ['setUnreadCount', 2],
    ]);
    expect(await platform.getAppInfo()).to.deep.equal(info);
  });

  it('forwards the microphone, notifications and picker answers, and delivers main events', async () => {
    const { bridge, calls, emit } = stubBridge();
    const platform = getPlatform({ ...browserHost(), desktop: bridge });
    const reminder = { kind: 'reminder', title: 'Ends in 15 min', body: '', path: '/floors/1' } as const;
    await platform.setMicMuted(true);
    expect(await platform.notify(reminder)).to.equal(true);
    await platform.chooseScreenSource({ requestId: 'r1', sourceId: 'screen:0:0' });
    const seen: unknown[] = [];
    const off = platform.on('presenceRequested', (payload) => seen.push(payload));
    emit('presenceRequested', { status: 'away', reason: 'lock' });
    off();
    expect(seen).to.deep.equal([{ status: 'away', reason: 'lock' }]);
    expect(calls).to.deep.equal([
      ['setMicMuted', true],
      ['notify', reminder],
      ['chooseScreenSource', { requestId: 'r1', sourceId: 'screen:0:0' }],
      ['unsubscribed', 'presenceRequested'],
    ]);
  });
});

describe('browser platform', () => {
  it('describes itself with the build version and the page origin', async () => {
    expect(await getPlatform(browserHost()).getAppInfo()).to.deep.equal({
      version,
      platform: 'browser',
      serverUrl: 'https://office.example.jp/',
    });
  });

  it('shows unread counts on the app badge where the Badging API exists, best effort', async () => {
    const badge: Array<number | 'cleared'> = [];
    const platform = getPlatform(
      browserHost({
        setAppBadge: (count?: number) => Promise.resolve(void badge.push(count ?? 0)),
        clearAppBadge: () => {
          badge.push('cleared');
          return Promise.reject(new DOMException('not installed', 'NotAllowedError'));
        },
      }),
    );
    await platform.setUnreadCount(4);
    await platform.setUnreadCount(0);
    expect(badge).to.deep.equal([4, 'cleared']);
    await getPlatform(browserHost()).setUnreadCount(4);
    await getPlatform(browserHost()).setPresence('away');
  });

  it('leaves notifications to the page and has no machine events', async () => {
    const platform = getPlatform(browserHost());
    expect(await platform.notify({ kind: 'mention', title: 'x', body: '', path: '/' })).to.equal(false);
    const off = platform.on('navigate', () => expect.fail('a browser has no desktop events'));
    off();
  });
});

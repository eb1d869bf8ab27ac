import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { AppInfo, DesktopApi, PresenceStatus } from '@tsudoi/common';
import { version } from '../../../package.json';
import { getPlatform, type PlatformHost } from './index';

const info: AppInfo = { version: '9.9.9', platform: 'darwin', serverUrl: 'https://office.example.jp/' };

function stubBridge() {
  const calls: unknown[][] = [];
  const bridge: DesktopApi = {
    isDesktop: true,
    getAppInfo: () => Promise.resolve(info),
    setPresence: (status: PresenceStatus) => Promise.resolve(void calls.push(['setPresence', status])),
    setUnreadCount: (count: number) => Promise.resolve(void calls.push(['setUnreadCount', count])),
    showWindow: () => Promise.resolve(void calls.push(['showWindow'])),
  };
  return { bridge, calls };
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
});

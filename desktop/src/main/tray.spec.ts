import { expect } from 'chai';
import type { MenuItemConstructorOptions } from 'electron';
import { PRESENCE_STATUSES, type PresenceStatus } from '@tsudoi/common/protocol/ipc';
import { trayText } from './messages';
import { createElectronStub } from './testing/electron-stub';
import { buildTrayMenu, TrayController, trayIconPath, trayTooltip, type TrayActions, type TrayState } from './tray';

const en = trayText('en-US');
const ja = trayText('ja-JP');
const base: TrayState = { status: 'available', unreadCount: 0, micMuted: false, launchAtLogin: false };

function recorder() {
  const calls: unknown[][] = [];
  const actions: TrayActions = {
    open: () => void calls.push(['open']),
    setStatus: (status) => void calls.push(['setStatus', status]),
    setMicMuted: (muted) => void calls.push(['setMicMuted', muted]),
    setLaunchAtLogin: (enabled) => void calls.push(['setLaunchAtLogin', enabled]),
    quit: () => void calls.push(['quit']),
  };
  return { actions, calls };
}

/** The menu as the user reads it: label, with [x] for checked items and (disabled). */
const readable = (menu: MenuItemConstructorOptions[]) =>
  menu.map((item) =>
    item.type === 'separator'
      ? '---'
      : `${item.checked ? '[x] ' : item.type === 'radio' || item.type === 'checkbox' ? '[ ] ' : ''}${item.label}${item.enabled === false ? ' (disabled)' : ''}`,
  );

describe('tray menu', () => {
  it('checks the current status, one of the four, for each status', () => {
    for (const status of PRESENCE_STATUSES) {
      const menu = buildTrayMenu({ ...base, status }, recorder().actions, en);
      const checked = menu.filter((item) => item.type === 'radio' && item.checked).map((item) => item.id);
      expect(checked, status).to.deep.equal([`status-${status}`]);
    }
  });

  it('reads, in English, with nothing unread and launch at login available', () => {
    expect(readable(buildTrayMenu({ ...base, status: 'busy' }, recorder().actions, en))).to.deep.equal([
      'Open Tsudoi',
      '---',
      'Status (disabled)',
      '[ ] Available',
      '[x] Busy',
      '[ ] Away',
      '[ ] In a meeting',
      '---',
      'Nothing unread (disabled)',
      '[ ] Mute microphone',
      '[ ] Open at login',
      '---',
      'Quit Tsudoi',
    ]);
  });

  it('reads, in Japanese, with unread messages, the microphone muted and no login items (Linux)', () => {
    const state: TrayState = { status: 'meeting', unreadCount: 4, micMuted: true, launchAtLogin: null };
    expect(readable(buildTrayMenu(state, recorder().actions, ja))).to.deep.equal([
      'Tsudoi を開く',
      '---',
      'ステータス (disabled)',
      '[ ] 在席',
      '[ ] 取り込み中',
      '[ ] 離席中',
      '[x] 会議中',
      '---',
      '未読 4 件',
      '[x] マイクをミュート',
      '---',
      'Tsudoi を終了',
    ]);
  });

  it('wires each item to its action', () => {
    const { actions, calls } = recorder();
    const menu = buildTrayMenu({ ...base, unreadCount: 2, launchAtLogin: true }, actions, en);
    const click = (id: string) => (menu.find((item) => item.id === id)?.click as () => void)();
    for (const id of ['open', 'status-away', 'status-meeting', 'unread', 'mute', 'launch-at-login', 'quit']) click(id);
    expect(calls).to.deep.equal([
      ['open'],
      ['setStatus', 'away'],
      ['setStatus', 'meeting'],
      ['open'],
      ['setMicMuted', true],
      ['setLaunchAtLogin', false],
      ['quit'],
    ]);
  });

  it('shows status and unread count in the tooltip and the icon', () => {
    expect(trayTooltip({ ...base, status: 'away' }, en)).to.equal('Tsudoi - Away');
    expect(trayTooltip({ ...base, unreadCount: 3 }, ja)).to.equal('Tsudoi - 在席（未読 3 件）');
    const icons = PRESENCE_STATUSES.map((status: PresenceStatus) => trayIconPath('/i', { ...base, status }));
    expect(icons).to.deep.equal(['/i/available.png', '/i/busy.png', '/i/away.png', '/i/meeting.png']);
    expect(trayIconPath('/i', { ...base, status: 'busy', unreadCount: 1 })).to.equal('/i/busy-unread.png');
  });
});

describe('TrayController (electron stubbed)', () => {
  it('renders the state into icon, tooltip and menu, opens the window on click, and goes away', () => {
    const { electron, trays } = createElectronStub();
    const { actions, calls } = recorder();
    const tray = new TrayController({ ...electron, iconDir: '/icons', text: en, actions }, base);
    const [stubTray] = trays;
    expect(stubTray).to.include({ image: '/icons/available.png', toolTip: 'Tsudoi - Available' });
    tray.render({ ...base, status: 'meeting', unreadCount: 9 });
    expect(stubTray).to.include({ image: '/icons/meeting-unread.png', toolTip: 'Tsudoi - In a meeting (9 unread)' });
    expect(stubTray?.menu?.template.find((item) => item.id === 'status-meeting')?.checked).to.equal(true);
    stubTray?.emit('click');
    stubTray?.clickItem('status-busy');
    expect(calls).to.deep.equal([['open'], ['setStatus', 'busy']]);
    tray.destroy();
    expect(stubTray?.destroyed).to.equal(true);
  });
});

import { expect } from 'chai';
import type { DesktopNotification } from '@tsudoi/common/protocol/ipc';
import { NotificationCenter } from './notifications';
import { createElectronStub } from './testing/electron-stub';

const mention: DesktopNotification = { kind: 'mention', title: 'Taro', body: '@Hanako lunch?', path: '/chat' };
const knock: DesktopNotification = { kind: 'knock', title: 'Taro knocks', body: 'Room 5', path: '/floors/12' };

function setup(attentive = false) {
  const stub = createElectronStub();
  const opened: string[] = [];
  const timeouts: Array<{ callback: () => void; ms: number }> = [];
  const center = new NotificationCenter({
    Notification: stub.electron.Notification,
    isAttentive: () => attentive,
    open: (path) => void opened.push(path),
    setTimeout: (callback, ms) => timeouts.push({ callback, ms }),
  });
  return { stub, center, opened, timeouts };
}

describe('NotificationCenter (electron stubbed)', () => {
  it('shows a native notification while the window is hidden or unfocused; a click opens its place', () => {
    const { stub, center, opened } = setup();
    expect(center.show(mention)).to.equal(true);
    const [shown] = stub.notifications;
    expect(shown?.shown).to.equal(true);
    expect(shown?.options).to.include({ title: 'Taro', body: '@Hanako lunch?', urgency: 'normal' });
    expect(center.shownCount).to.equal(1);
    shown?.emit('click');
    expect(opened).to.deep.equal(['/chat']);
    expect(center.shownCount).to.equal(0);
  });

  it('shows nothing while the user looks at the window, or where the system has no notifications', () => {
    const attentive = setup(true);
    expect(attentive.center.show(mention)).to.equal(false);
    expect(attentive.stub.notifications).to.have.length(0);
    const unsupported = setup();
    (unsupported.stub.electron.Notification as unknown as { supported: boolean }).supported = false;
    expect(unsupported.center.show(mention)).to.equal(false);
  });

  it('keeps a knock on screen until its invitation expires (10 s)', () => {
    const { stub, center, timeouts } = setup();
    center.show(knock);
    const [shown] = stub.notifications;
    expect(shown?.options).to.include({ urgency: 'critical', timeoutType: 'never' });
    expect(timeouts.map(({ ms }) => ms)).to.deep.equal([10_000]);
    timeouts[0]?.callback();
    expect(shown?.closed).to.equal(true);
    expect(center.shownCount).to.equal(0);
  });

  it('closes everything on quit', () => {
    const { stub, center } = setup();
    center.show(mention);
    center.show({ ...mention, kind: 'reminder', title: 'Meeting ends in 15 min' });
    center.closeAll();
    expect(stub.notifications.map((n) => n.closed)).to.deep.equal([true, true]);
  });
});

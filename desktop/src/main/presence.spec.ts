import { expect } from 'chai';
import { PresenceState, type PresenceSnapshot } from './presence';

describe('PresenceState', () => {
  it('starts available, with nothing unread and the microphone on', () => {
    expect(new PresenceState().snapshot).to.deep.equal({ status: 'available', unreadCount: 0, micMuted: false });
  });

  it('tells its listeners about actual changes only, until they unsubscribe', () => {
    const presence = new PresenceState();
    const seen: PresenceSnapshot[] = [];
    const unsubscribe = presence.onChange((snapshot) => seen.push(snapshot));
    presence.setStatus('meeting');
    presence.setStatus('meeting');
    presence.setUnreadCount(3);
    presence.setUnreadCount(3);
    presence.setMicMuted(true);
    presence.setMicMuted(true);
    unsubscribe();
    presence.setUnreadCount(4);
    expect(seen).to.deep.equal([
      { status: 'meeting', unreadCount: 0, micMuted: false },
      { status: 'meeting', unreadCount: 3, micMuted: false },
      { status: 'meeting', unreadCount: 3, micMuted: true },
    ]);
    expect(presence.snapshot).to.deep.equal({ status: 'meeting', unreadCount: 4, micMuted: true });
  });
});

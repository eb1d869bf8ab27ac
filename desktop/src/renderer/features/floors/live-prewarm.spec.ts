import { expect } from 'chai';
import { afterEach, describe, it } from 'mocha';
import type { AppSocket } from '../../services/socket';
import { discardWarmLiveSocket, liveFloorOf, prewarmLiveSocket, takeWarmLiveSocket } from './live-prewarm';

/** A socket as far as live-prewarm.ts reads it. */
function fakeSocket(state: { connected?: boolean; active?: boolean } = {}) {
  const socket = { connected: false, active: true, closed: false, ...state, disconnect: () => (socket.closed = true) };
  return socket;
}

const me = { token: 'token-a', locale: 'ja' as const };

describe('the live socket opened while the page starts (live-prewarm)', () => {
  afterEach(() => discardWarmLiveSocket());

  it('reads the floor of a live page address, never of an app_id link or another page', () => {
    expect(liveFloorOf({ pathname: '/floors/12/live', search: '' })).to.equal(12);
    expect(liveFloorOf({ pathname: '/floors/12/live/', search: '?from=list' })).to.equal(12);
    expect(liveFloorOf({ pathname: '/floors/12/live', search: '?app_id=abc' })).to.equal(null);
    for (const pathname of ['/floors/12', '/floors/12/check', '/floors/0/live', '/floors/x/live', '/chat'])
      expect(liveFloorOf({ pathname, search: '' }), pathname).to.equal(null);
  });

  it('hands the socket to the visit of the same floor, token and language, once', () => {
    const socket = fakeSocket({ connected: true });
    prewarmLiveSocket(12, me, () => socket as unknown as AppSocket);
    expect(takeWarmLiveSocket(12, me)).to.equal(socket);
    expect(socket.closed).to.equal(false);
    expect(takeWarmLiveSocket(12, me)).to.equal(null);
  });

  it('closes it instead for another floor, another token or language, or when the server refused it', () => {
    const cases: [number, typeof me, ReturnType<typeof fakeSocket>][] = [
      [13, me, fakeSocket()],
      [12, { ...me, token: 'token-b' }, fakeSocket()],
      [12, { ...me, locale: 'en' as never }, fakeSocket()],
      [12, me, fakeSocket({ connected: false, active: false })], // refused handshake: no reconnect
    ];
    for (const [floorId, options, socket] of cases) {
      prewarmLiveSocket(12, me, () => socket as unknown as AppSocket);
      expect(takeWarmLiveSocket(floorId, options)).to.equal(null);
      expect(socket.closed).to.equal(true);
    }
  });

  it('closes a socket nobody took after its time', async () => {
    const socket = fakeSocket();
    prewarmLiveSocket(12, me, () => socket as unknown as AppSocket, 20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(socket.closed).to.equal(true);
    expect(takeWarmLiveSocket(12, me)).to.equal(null);
  });
});

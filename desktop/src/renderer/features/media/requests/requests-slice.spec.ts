import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { MediaRequestDto, MediaRequestEnded } from '@tsudoi/common';
import {
  hostTurnedOff,
  mediaRequestAsked,
  mediaRequestEnded,
  mediaRequestReceived,
  mediaRequestSent,
  mediaRequestsInitialState,
  mediaRequestsReducer,
  type MediaRequestsState,
} from './requests-slice';

const ME = 1;
const request = (id: string, extra: Partial<MediaRequestDto> = {}): MediaRequestDto => ({
  id,
  floorId: 5,
  requesterId: ME,
  receiverId: 2,
  deviceType: 'mic',
  createdAt: '2026-11-23T00:00:00.000Z',
  ...extra,
});
const ended = (r: MediaRequestDto, outcome: MediaRequestEnded['outcome']) =>
  mediaRequestEnded({
    ended: { id: r.id, outcome, requesterId: r.requesterId, receiverId: r.receiverId, deviceType: r.deviceType },
    me: ME,
  });
const run = (...actions: Parameters<typeof mediaRequestsReducer>[1][]): MediaRequestsState =>
  actions.reduce(mediaRequestsReducer, mediaRequestsInitialState);

describe('media requests slice: pending, received and denied lists', () => {
  it('a sent request is pending until it ends; a denial puts the device on the denied list, asking again clears it', () => {
    const first = request('a');
    let state = run(mediaRequestAsked({ receiverId: 2, deviceType: 'mic' }));
    expect(state.asking).to.equal('2:mic');
    state = mediaRequestsReducer(state, mediaRequestSent(first));
    expect(state).to.include({ asking: null });
    expect(state.pending).to.deep.equal([first]);
    state = mediaRequestsReducer(state, ended(first, 'denied'));
    expect(state.pending).to.deep.equal([]);
    expect(state.denied).to.deep.equal([{ receiverId: 2, deviceType: 'mic' }]);
    expect(state.notices.map((n) => [n.kind, n.userId])).to.deep.equal([['denied', 2]]);
    state = mediaRequestsReducer(state, mediaRequestSent(request('b')));
    expect(state.denied).to.deep.equal([]);
    state = mediaRequestsReducer(state, ended(request('b'), 'allowed'));
    expect(state.denied).to.deep.equal([]);
    expect(state.notices.map((n) => n.kind)).to.deep.equal(['denied', 'allowed']);
  });

  it("a received request goes when it ends, with no notice or denied entry on the receiver's side", () => {
    const toMe = request('c', { requesterId: 3, receiverId: ME, deviceType: 'camera' });
    let state = run(mediaRequestReceived(toMe), mediaRequestReceived(toMe));
    expect(state.received).to.deep.equal([toMe]);
    state = mediaRequestsReducer(state, ended(toMe, 'denied'));
    expect(state).to.deep.include({ received: [], denied: [], notices: [] });
  });

  it('cancelled and left end a request without a notice; host notices keep the last three', () => {
    const state = run(
      mediaRequestSent(request('d')),
      ended(request('d'), 'left'),
      hostTurnedOff('camera'),
      hostTurnedOff('mic'),
      hostTurnedOff('screen'),
      hostTurnedOff('camera'),
    );
    expect(state.pending).to.deep.equal([]);
    expect(state.notices.map((n) => n.deviceType)).to.deep.equal(['mic', 'screen', 'camera']);
  });
});

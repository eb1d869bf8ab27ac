import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { FloorInitialData, FloorUserDto } from '@tsudoi/common';
import { sessionReset } from '@tsudoi/ui/session';
import {
  liveDisconnected,
  liveEntered,
  liveFloorReducer,
  liveInitialState,
  liveJoined,
  liveLeft,
  passwordRequired,
  roomJoined,
  roomJoinRequested,
  usersChanged,
  type LiveFloorState,
} from './live-slice';

const user = (userId: number, roomId = 11, extra: Partial<FloorUserDto> = {}): FloorUserDto => ({
  userId,
  name: `User ${userId}`,
  avatarImageUrl: null,
  roomId,
  seat: userId,
  participantType: 'EMPLOYEE',
  activeStatus: 'available',
  connected: true,
  ...extra,
});

const initial = (floorId: number, users: FloorUserDto[]) =>
  ({
    floor: { id: floorId },
    rooms: [],
    users,
    me: { userId: 1, participantId: null, participantType: 'HOST', permissions: {}, isHost: true, canManage: true },
  }) as unknown as FloorInitialData;

const run = (...actions: Parameters<typeof liveFloorReducer>[1][]) =>
  actions.reduce<LiveFloorState>((state, action) => liveFloorReducer(state, action), liveInitialState);

describe('live floor slice', () => {
  it('joins with the users of the answer, keyed by id', () => {
    const state = run(liveEntered(7), liveJoined(initial(7, [user(1), user(2)])));
    expect(state.status).to.equal('joined');
    expect(Object.keys(state.users)).to.deep.equal(['1', '2']);
    expect(state.me?.userId).to.equal(1);
  });

  it('merges a batch: changed users replace their old state, new ones are added', () => {
    const state = run(
      liveEntered(7),
      liveJoined(initial(7, [user(1), user(2)])),
      usersChanged({ floorId: 7, users: [user(2, 12), user(3, 11, { connected: false })], left: [] }),
    );
    expect(state.users[1]?.roomId).to.equal(11);
    expect(state.users[2]?.roomId).to.equal(12);
    expect(state.users[3]?.connected).to.equal(false);
  });

  it('removes the users who left, and applies batches in order (the latest wins)', () => {
    const state = run(
      liveEntered(7),
      liveJoined(initial(7, [user(1), user(2), user(3)])),
      usersChanged({ floorId: 7, users: [user(2, 13)], left: [3] }),
      usersChanged({ floorId: 7, users: [user(2, 14, { activeStatus: 'away' })], left: [] }),
    );
    expect(Object.keys(state.users)).to.deep.equal(['1', '2']);
    expect(state.users[2]).to.include({ roomId: 14, activeStatus: 'away' });
  });

  it('applies compact moves to people already known, keeping their name', () => {
    const state = run(
      liveEntered(7),
      liveJoined(initial(7, [user(1), user(2)])),
      usersChanged({
        floorId: 7,
        users: [],
        moved: [
          [2, 14, 3, 'busy', 0],
          [9, 15, 1, 'available', 1],
        ],
        left: [],
      }),
    );
    expect(state.users[2]).to.include({ roomId: 14, seat: 3, activeStatus: 'busy', connected: false });
    expect(state.users[2]?.name).to.equal(user(2).name);
    expect(state.users[9]).to.equal(undefined);
  });

  it('replaces everyone with a whole-floor batch (a window shown again after missing batches)', () => {
    const state = run(
      liveEntered(7),
      liveJoined(initial(7, [user(1), user(2), user(3)])),
      usersChanged({ floorId: 7, users: [user(1, 12), user(4, 13)], left: [], version: 9, full: true }),
    );
    expect(Object.keys(state.users)).to.deep.equal(['1', '4']);
    expect(state.users[1]?.roomId).to.equal(12);
  });

  it('ignores the batches and answers of another floor', () => {
    const state = run(
      liveEntered(7),
      liveJoined(initial(8, [user(9)])),
      usersChanged({ floorId: 8, users: [user(5)], left: [] }),
    );
    expect(state.status).to.equal('connecting');
    expect(state.users).to.deep.equal({});
  });

  it('keeps the users while reconnecting, and forgets everything on leaving or sign-out', () => {
    const joined = run(liveEntered(7), liveJoined(initial(7, [user(1)])));
    const down = liveFloorReducer(joined, liveDisconnected());
    expect(down.status).to.equal('reconnecting');
    expect(Object.keys(down.users)).to.deep.equal(['1']);
    expect(liveFloorReducer(down, liveLeft())).to.deep.equal(liveInitialState);
    expect(liveFloorReducer(down, sessionReset())).to.deep.equal(liveInitialState);
  });

  it('asks for a password, shows the refusal, and closes the prompt once in', () => {
    let state = run(liveEntered(7), liveJoined(initial(7, [user(1)])), roomJoinRequested({ roomId: 12 }));
    expect(state.moving).to.equal(12);
    state = liveFloorReducer(state, passwordRequired({ roomId: 12, error: null }));
    expect(state.prompt).to.deep.equal({ roomId: 12, error: null, busy: false });
    state = liveFloorReducer(state, roomJoinRequested({ roomId: 12, password: '000000' }));
    expect(state.prompt?.busy).to.equal(true);
    state = liveFloorReducer(state, passwordRequired({ roomId: 12, error: 'wrong' }));
    expect(state.prompt).to.deep.equal({ roomId: 12, error: 'wrong', busy: false });
    state = liveFloorReducer(state, roomJoined(user(1, 12)));
    expect(state.prompt).to.equal(null);
    expect(state.moving).to.equal(null);
    expect(state.users[1]?.roomId).to.equal(12);
  });
});

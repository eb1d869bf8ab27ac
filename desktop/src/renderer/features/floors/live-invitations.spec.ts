import { expect } from 'chai';
import { describe, it } from 'mocha';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { FloorInitialData, FloorUserDto, RoomDto, RoomInvitationDto } from '@tsudoi/common';
import { i18nReducer } from '@tsudoi/ui/i18n';
import { notificationsReducer } from '@tsudoi/ui/notifications';
import { floorDetailReducer, roomsLoaded, roomsRequested } from './detail-slice';
import { deadlineOf, INVITATION_GRACE_MS, received } from './live-invite-sagas';
import {
  invitationAnswerRequested,
  invitationEnded,
  invitationReceived,
  inviteCancelRequested,
  inviteRequested,
  inviteSent,
  liveDisconnected,
  liveEntered,
  liveFloorReducer,
  liveInitialState,
  liveJoined,
  liveRemoved,
  selectRinging,
  type LiveFloorState,
  type ReceivedInvitation,
} from './live-slice';

const user = (userId: number, name: string, roomId = 11): FloorUserDto => ({
  userId,
  name,
  avatarImageUrl: null,
  roomId,
  seat: userId,
  participantType: 'EMPLOYEE',
  activeStatus: 'available',
  connected: true,
});
const initial = (floorId: number, users: FloorUserDto[]) =>
  ({
    floor: { id: floorId },
    rooms: [],
    users,
    me: {
      userId: 2,
      participantId: null,
      participantType: 'EMPLOYEE',
      permissions: {},
      isHost: false,
      canManage: false,
    },
  }) as unknown as FloorInitialData;
const card = (id: number, floorId = 7): ReceivedInvitation => ({
  id,
  floorId,
  roomId: 19,
  inviterId: 1,
  fromName: 'Taro',
  roomName: 'Meeting room 2',
  deadline: 10_000,
});
const dto = (id: number, expiresAt: string, floorId = 7): RoomInvitationDto => ({
  id,
  floorId,
  roomId: 19,
  inviterId: 1,
  inviteeId: 2,
  expiresAt,
});

const run = (...actions: Parameters<typeof liveFloorReducer>[1][]) =>
  actions.reduce<LiveFloorState>((state, action) => liveFloorReducer(state, action), liveInitialState);
const joined = [liveEntered(7), liveJoined(initial(7, [user(1, 'Taro'), user(2, 'Mia')]))] as const;

describe('live floor: room invitations', () => {
  it('rings while an invitation waits and stops on every kind of end', () => {
    for (const outcome of ['accepted', 'declined', 'cancelled', 'timedOut'] as const) {
      const ringing = run(...joined, invitationReceived(card(5)));
      expect(selectRinging({ liveFloor: ringing })).to.equal(true);
      const ended = liveFloorReducer(ringing, invitationEnded({ id: 5, outcome }));
      expect(selectRinging({ liveFloor: ended }), outcome).to.equal(false);
      expect(ended.received).to.deep.equal([]);
    }
  });

  it('keeps ringing while another invitation still waits, and ignores repeats and other floors', () => {
    const state = run(
      ...joined,
      invitationReceived(card(5)),
      invitationReceived(card(5)),
      invitationReceived(card(6)),
      invitationReceived(card(9, 8)),
      invitationEnded({ id: 5, outcome: 'declined' }),
    );
    expect(state.received.map((i) => i.id)).to.deep.equal([6]);
    expect(selectRinging({ liveFloor: state })).to.equal(true);
  });

  it('marks the answer in progress, and clears it when the invitation ends', () => {
    let state = run(...joined, invitationReceived(card(5)), invitationAnswerRequested({ id: 5, accept: true }));
    expect(state.answering).to.equal(5);
    state = liveFloorReducer(state, invitationAnswerRequested({ id: 99, accept: true }));
    expect(state.answering).to.equal(5);
    state = liveFloorReducer(state, invitationEnded({ id: 5, outcome: 'accepted' }));
    expect(state.answering).to.equal(null);
  });

  it('follows a sent invitation: waiting, cancelling, gone when it ends', () => {
    let state = run(...joined, inviteRequested({ userId: 1 }));
    expect(state.inviting).to.equal(1);
    state = liveFloorReducer(state, inviteSent({ invitation: dto(8, '2026-01-01T00:00:10Z'), deadline: 1234 }));
    expect(state.inviting).to.equal(null);
    expect(state.sent).to.deep.equal([{ id: 8, roomId: 19, inviteeId: 2, deadline: 1234, cancelling: false }]);
    state = liveFloorReducer(state, inviteCancelRequested(8));
    expect(state.sent[0]?.cancelling).to.equal(true);
    state = liveFloorReducer(state, invitationEnded({ id: 8, outcome: 'cancelled' }));
    expect(state.sent).to.deep.equal([]);
  });

  it('drops every invitation when removed from the floor, and says why', () => {
    const state = run(
      ...joined,
      invitationReceived(card(5)),
      inviteSent({ invitation: dto(8, '2026-01-01T00:00:10Z'), deadline: 1 }),
      liveRemoved({ reason: 'kickedOut', message: 'The host removed you from this floor.' }),
    );
    expect(state.status).to.equal('ended');
    expect(state.received).to.deep.equal([]);
    expect(state.sent).to.deep.equal([]);
    expect(state.removal).to.deep.equal({ reason: 'kickedOut', message: 'The host removed you from this floor.' });
  });

  it('forgets requests in flight when the socket drops', () => {
    const state = run(...joined, inviteRequested({ userId: 1 }), liveDisconnected());
    expect(state.inviting).to.equal(null);
  });

  it('counts down at most 10 s on this device, trusting a nearer server expiry', () => {
    const now = Date.parse('2026-11-30T00:00:00Z');
    expect(deadlineOf({ expiresAt: '2026-11-30T00:00:10Z' }, now)).to.equal(now + 10_000);
    expect(deadlineOf({ expiresAt: '2026-11-30T00:00:04Z' }, now)).to.equal(now + 4_000);
    // A device clock far off the server's: the full 10 s.
    expect(deadlineOf({ expiresAt: '2026-11-30T05:00:00Z' }, now)).to.equal(now + 10_000);
    expect(deadlineOf({ expiresAt: '2026-11-29T00:00:00Z' }, now)).to.equal(now + 10_000);
  });
});

describe('live floor: the invitation saga', function () {
  this.timeout(10_000);
  const store = () => {
    const saga = createSagaMiddleware();
    const s = configureStore({
      reducer: combineReducers({
        i18n: i18nReducer,
        notifications: notificationsReducer,
        floorDetail: floorDetailReducer,
        liveFloor: liveFloorReducer,
      }),
      middleware: (defaults) => defaults({ thunk: false }).concat(saga),
    });
    return { ...s, saga };
  };
  const room = { id: 19, floorId: 7, number: 19, name: 'Meeting room 2' } as RoomDto;

  it('names the inviter and the room in the plain invitationReceived action', () => {
    const s = store();
    s.dispatch(roomsRequested(7));
    s.dispatch(roomsLoaded({ floorId: 7, rooms: [room] }));
    for (const action of joined) s.dispatch(action);
    const task = s.saga.run(function* () {
      yield* received(dto(5, new Date(Date.now() + 10_000).toISOString()), 7);
    });
    const { received: cards } = s.getState().liveFloor;
    expect(cards).to.have.length(1);
    expect(cards[0]).to.include({ id: 5, floorId: 7, fromName: 'Taro', roomName: 'Meeting room 2', inviterId: 1 });
    const action = invitationReceived(cards[0]!);
    expect(action.type).to.equal('liveFloor/invitationReceived');
    expect(JSON.parse(JSON.stringify(action))).to.deep.equal(action);
    task.cancel();
  });

  it('stops the ring by itself when the end event is lost (deadline + grace)', async () => {
    const s = store();
    for (const action of joined) s.dispatch(action);
    const started = Date.now();
    const task = s.saga.run(function* () {
      yield* received(dto(6, new Date(Date.now() + 300).toISOString()), 7);
    });
    expect(selectRinging(s.getState())).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 300 + INVITATION_GRACE_MS - 200));
    expect(selectRinging(s.getState()), 'still within the grace').to.equal(true);
    await task.toPromise();
    expect(selectRinging(s.getState())).to.equal(false);
    expect(Date.now() - started).to.be.at.least(300 + INVITATION_GRACE_MS - 50);
  });

  it('ignores an invitation of another floor', () => {
    const s = store();
    for (const action of joined) s.dispatch(action);
    const task = s.saga.run(function* () {
      yield* received(dto(7, new Date(Date.now() + 10_000).toISOString(), 8), 7);
    });
    expect(s.getState().liveFloor.received).to.deep.equal([]);
    expect(task.isRunning()).to.equal(false);
  });
});

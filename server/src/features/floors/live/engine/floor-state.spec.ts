import { expect } from 'chai';
import { freeSeatOf, initialState, reduce, type Command, type FloorState } from './floor-state';

const entrance = { id: 1, seat: 3 };
const table = { id: 9, seat: 2 };

/** Applies commands in order; each outcome's error (or 'ok') is collected. */
function run(state: FloorState, commands: Command[]) {
  const outcomes: string[] = [];
  for (const c of commands) {
    const o = reduce(state, c);
    outcomes.push(o.error ?? (o.changed ? 'ok' : 'same'));
    state = o.state;
  }
  return { state, outcomes };
}

const enter = (userId: number, socketId = `s${userId}`): Extract<Command, { type: 'enter' }> => ({
  type: 'enter',
  userId,
  socketId,
  participantType: 'EMPLOYEE',
  room: entrance,
});
const places = (s: FloorState) => [...s.people.values()].map((p) => [p.userId, p.roomId, p.seat, p.status]);

describe('floor state reducer (copy-on-write)', () => {
  it('seats people entering at the entrance’s first free seats, and refuses one more when it is full', () => {
    const { state, outcomes } = run(initialState(5), [enter(1), enter(2), enter(3), enter(4)]);
    expect(outcomes).to.deep.equal(['ok', 'ok', 'ok', 'ROOM_FULL']);
    expect(places(state)).to.deep.equal([
      [1, 1, 1, 'available'],
      [2, 1, 2, 'available'],
      [3, 1, 3, 'available'],
    ]);
    expect(freeSeatOf(state, entrance)).to.equal(undefined);
  });

  it('caps the people there, not the places kept: a closed window frees its share of the limit', () => {
    const capped = (userId: number, socketId = `s${userId}`): Command => ({ ...enter(userId, socketId), limit: 2 });
    const { state, outcomes } = run(initialState(5), [
      capped(1),
      capped(2),
      capped(3), // two are there
      capped(2, 's2b'), // a second window of someone there
      { type: 'disconnect', socketId: 's1' },
      capped(3), // 1 keeps a place but is not there
      capped(1), // back: two others are there now
    ]);
    expect(outcomes).to.deep.equal(['ok', 'ok', 'FLOOR_FULL', 'ok', 'ok', 'ok', 'FLOOR_FULL']);
    expect(places(state).map(([userId]) => userId)).to.deep.equal([1, 2, 3]);
  });

  it('never changes the state it was given, and answers the same object when nothing changes', () => {
    const before = run(initialState(5), [enter(1)]).state;
    const frozen = JSON.stringify(places(before));
    const moved = reduce(before, { type: 'move', userId: 1, room: table });
    expect(moved.changed).to.equal(true);
    expect(JSON.stringify(places(before))).to.equal(frozen);
    expect(moved.state.version).to.equal(before.version + 1);
    const again = reduce(moved.state, { type: 'move', userId: 1, room: table });
    expect(again.state).to.equal(moved.state);
    expect(again.changed).to.equal(false);
  });

  it('moves to the first free seat or a given one; a taken seat, a full room, a seat beyond the room are refused', () => {
    const { state, outcomes } = run(run(initialState(5), [enter(1), enter(2), enter(3)]).state, [
      { type: 'move', userId: 1, room: table, seat: 2 },
      { type: 'move', userId: 2, room: table },
      { type: 'move', userId: 3, room: table },
      { type: 'move', userId: 3, room: table, seat: 1 },
      { type: 'move', userId: 3, room: table, seat: 3 },
      { type: 'move', userId: 1, room: table, seat: 2 },
    ]);
    expect(outcomes).to.deep.equal(['ok', 'ok', 'ROOM_FULL', 'SEAT_TAKEN', 'BAD_REQUEST', 'same']);
    expect(places(state)).to.deep.equal([
      [1, 9, 2, 'available'],
      [2, 9, 1, 'available'],
      [3, 1, 3, 'available'],
    ]);
  });

  it('frees a seat when its person moves on, so the latest of many fast moves wins and none is refused', () => {
    let state = run(initialState(5), [enter(1), enter(2)]).state;
    const rooms = [table, entrance, { id: 12, seat: 6 }];
    for (let i = 0; i < 300; i++) {
      const o = reduce(state, { type: 'move', userId: 1 + (i % 2), room: rooms[i % 3]! });
      expect(o.error, `move ${i}`).to.equal(undefined);
      state = o.state;
    }
    // every seat held is held by exactly the person there
    for (const [key, userId] of state.seats) {
      const p = state.people.get(userId)!;
      expect(key).to.equal(`${p.roomId}:${p.seat}`);
    }
    expect(state.seats.size).to.equal(state.people.size);
  });

  it('keeps a place across windows and disconnects; a removal frees the seat; a closed floor takes nothing', () => {
    const { state, outcomes } = run(initialState(5), [
      enter(1, 'a'),
      enter(1, 'b'),
      { type: 'status', userId: 1, status: 'busy' },
      { type: 'disconnect', socketId: 'a' },
      { type: 'disconnect', socketId: 'b' },
      { type: 'disconnect', socketId: 'b' },
      enter(2),
      { type: 'remove', userId: 1 },
      { type: 'move', userId: 1, room: table },
      enter(3),
    ]);
    expect(outcomes).to.deep.equal(['ok', 'ok', 'ok', 'ok', 'ok', 'same', 'ok', 'ok', 'FLOOR_NOT_JOINED', 'ok']);
    expect(places(state)).to.deep.equal([
      [2, 1, 2, 'available'],
      [3, 1, 1, 'available'],
    ]);
    const closed = reduce(state, { type: 'close' });
    expect(closed.state.people.size).to.equal(0);
    expect(reduce(closed.state, enter(4)).error).to.equal('FLOOR_NOT_JOINED');
  });

  it('rebuilds from stored places: everyone disconnected, seats held', () => {
    const state = initialState(5, [{ userId: 7, roomId: 9, seat: 2, participantType: 'HOST', status: 'meeting' }]);
    expect(state.people.get(7)!.sockets).to.deep.equal([]);
    expect(reduce(state, { type: 'move', userId: 8, room: table }).error).to.equal('FLOOR_NOT_JOINED');
    const back = reduce(state, enter(7));
    expect(back.person).to.include({ roomId: 9, seat: 2, status: 'meeting' });
    expect(back.person!.sockets).to.deep.equal(['s7']);
  });
});

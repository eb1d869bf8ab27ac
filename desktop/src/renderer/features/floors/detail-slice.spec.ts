import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { RoomDto } from '@tsudoi/common';
import { floorDetailReducer, roomsLoaded, roomsRequested } from './detail-slice';
import { roomChanged } from './live-slice';

const room = (id: number, locked: boolean, password: string | null): RoomDto => ({
  id,
  floorId: 7,
  number: id,
  key: `room${id}`,
  name: `Room ${id}`,
  customName: null,
  type: null,
  areaType: 'DEFAULT',
  locked,
  seat: 6,
  saveChat: false,
  password,
});

const loaded = (rooms: RoomDto[]) =>
  [roomsRequested(7), roomsLoaded({ floorId: 7, rooms })].reduce(
    floorDetailReducer,
    floorDetailReducer(undefined, { type: 'init' }),
  );

describe('floor detail slice: floor:roomChanged', () => {
  it('shows a lock made by someone else, without a password', () => {
    const state = floorDetailReducer(
      loaded([room(1, false, null), room(2, false, null)]),
      roomChanged(room(2, true, null)),
    );
    expect(state.rooms?.map((r) => [r.id, r.locked, r.password])).to.deep.equal([
      [1, false, null],
      [2, true, null],
    ]);
  });

  it('keeps the password the locker saw while the room stays locked, and drops it on unlock', () => {
    const mine = floorDetailReducer(loaded([room(2, true, '123456')]), roomChanged(room(2, true, null)));
    expect(mine.rooms?.[0]?.password).to.equal('123456');
    const open = floorDetailReducer(mine, roomChanged(room(2, false, null)));
    expect(open.rooms?.[0]).to.include({ locked: false, password: null });
  });

  it('ignores the rooms of another floor', () => {
    const state = floorDetailReducer(
      loaded([room(2, false, null)]),
      roomChanged({ ...room(2, true, null), floorId: 8 }),
    );
    expect(state.rooms?.[0]?.locked).to.equal(false);
  });
});

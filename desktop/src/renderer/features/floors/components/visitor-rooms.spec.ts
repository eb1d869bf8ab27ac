import { expect } from 'chai';
import type { FloorInitialData } from '@tsudoi/common';
import { roomsClosedToMe } from './visitor-rooms';

const rooms = [1, 8, 9, 20, 21].map((number) => ({ id: 100 + number, number }));
const me = (over: Partial<FloorInitialData['me']>) =>
  ({ isVisitor: true, canManage: false, ...over }) as FloorInitialData['me'];

describe('rooms closed to a booked visitor', () => {
  it('closes every room but the lobby, the visit’s room and the one they are in', () => {
    expect([...roomsClosedToMe(me({}), { roomId: 120 }, rooms, 101)!]).to.deep.equal([108, 109, 121]);
    // brought to table B by a host: table B is open to them while there
    expect([...roomsClosedToMe(me({}), { roomId: 120 }, rooms, 109)!]).to.deep.equal([108, 121]);
    // the visit not known yet (before the answer): only the lobby and where they are
    expect([...roomsClosedToMe(me({}), null, rooms, 101)!]).to.deep.equal([108, 109, 120, 121]);
  });

  it('closes nothing for members, invited guests, a visitor who manages the floor, or before the rooms are known', () => {
    expect(roomsClosedToMe(me({ isVisitor: false }), null, rooms, 101)).to.equal(undefined);
    expect(roomsClosedToMe(me({ canManage: true }), { roomId: 120 }, rooms, 101)).to.equal(undefined);
    expect(roomsClosedToMe(null, null, rooms, 101)).to.equal(undefined);
    expect(roomsClosedToMe(me({}), { roomId: 120 }, null, 101)).to.equal(undefined);
  });
});

import { expect } from 'chai';
import type { VisitDto } from '@tsudoi/common';
import {
  knockAnswered,
  knockReceived,
  lobbyLoaded,
  reminderReceived,
  visitAdmitted,
  visitEnded,
  visitExtended,
  visitsReducer,
} from './visit-slice';

const visit = (id: number, over: Partial<VisitDto> = {}): VisitDto => ({
  id,
  floorId: 1,
  roomId: 20,
  roomNumber: 20,
  title: `Visit ${id}`,
  startAt: '2026-12-01T01:00:00.000Z',
  endAt: '2026-12-01T02:00:00.000Z',
  reminder: 15,
  extendTime: 30,
  ownerId: 7,
  guestUserId: 9,
  guestName: 'Pat',
  guestStatus: null,
  ...over,
});

describe('visits slice: the guest standby phases, knocks and reminders', () => {
  it('derives the guest phase from the lobby and follows admission', () => {
    let state = visitsReducer(undefined, lobbyLoaded({ visit: visit(1), knocks: [] }));
    expect(state.phase).to.equal('standby');
    state = visitsReducer(state, lobbyLoaded({ visit: visit(1, { guestStatus: 'knocking' }), knocks: [] }));
    expect(state.phase).to.equal('knocking');
    state = visitsReducer(state, visitAdmitted(visit(1, { guestStatus: 'admitted' })));
    expect(state.phase).to.equal('admitted');
    expect(visitsReducer(undefined, lobbyLoaded({ visit: null, knocks: [] })).phase).to.equal('none');
  });

  it('keeps one knock per visit, drops it once answered, and clears an ended visit everywhere', () => {
    const knock = (id: number) => ({ visit: visit(id), knockedAt: '2026-12-01T01:01:00.000Z' });
    let state = visitsReducer(undefined, knockReceived(knock(1)));
    state = visitsReducer(state, knockReceived(knock(1)));
    state = visitsReducer(state, knockReceived(knock(2)));
    expect(state.knocks.map((k) => k.visit.id)).to.deep.equal([1, 2]);
    state = visitsReducer(state, knockAnswered({ appointmentId: 1 }));
    expect(state.knocks.map((k) => k.visit.id)).to.deep.equal([2]);
    state = visitsReducer(state, reminderReceived(visit(2)));
    state = visitsReducer(state, visitEnded({ appointmentId: 2 }));
    expect([state.knocks, state.reminder]).to.deep.equal([[], null]);
  });

  it("an extension closes the reminder and moves the guest's end", () => {
    let state = visitsReducer(undefined, lobbyLoaded({ visit: visit(3, { guestStatus: 'admitted' }), knocks: [] }));
    state = visitsReducer(state, reminderReceived(visit(3), 1_000_000));
    expect(state.reminder?.id).to.equal(3);
    // it counts down from its arrival: its minutes before the end, by this page's clock
    expect(state.reminderEndsAt).to.equal(1_000_000 + 15 * 60_000);
    state = visitsReducer(state, visitExtended(visit(3, { endAt: '2026-12-01T02:30:00.000Z' })));
    expect(state.reminder).to.equal(null);
    expect(state.visit?.endAt).to.equal('2026-12-01T02:30:00.000Z');
  });
});

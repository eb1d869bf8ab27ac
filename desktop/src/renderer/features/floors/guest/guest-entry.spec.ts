import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { FloorDto, FloorInitialData, GuestSession } from '@tsudoi/common';
import { floorDetailReducer } from '../detail-slice';
import { liveEntered, liveJoined } from '../live-slice';
import {
  floorEntryReducer,
  floorPasswordCancelled,
  floorPasswordRequired,
  floorPasswordSubmitted,
  guestJoined,
  guestJoinFailed,
  guestJoinRequested,
  guestLandingLoaded,
  guestLandingRequested,
  linkAdmissionRequested,
  linkAdmitted,
  linkRefused,
  type FloorEntryState,
} from './entry-slice';
import { createGuestSessions } from './guest-sessions';
import { landingPath, liveSelf } from './live-self';

const APP_ID = 'a'.repeat(43);
const floor = (id: number, hasPassword = false) => ({ id, title: 'Office', hasPassword }) as unknown as FloorDto;
const session = (floorId: number, expiresAt: string): GuestSession => ({
  floorId,
  token: 'jwt',
  expiresAt,
  participantId: APP_ID,
  userId: 9,
  name: 'Gina',
});
const run = (...actions: Parameters<typeof floorEntryReducer>[1][]) =>
  actions.reduce<FloorEntryState>(
    (state, action) => floorEntryReducer(state, action),
    floorEntryReducer(undefined, { type: '@init' }),
  );

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('floor guests in the renderer', () => {
  it('keeps one guest session per floor and forgets it once expired, broken or of another floor', () => {
    const storage = memoryStorage();
    let now = Date.parse('2026-12-01T00:00:00Z');
    const sessions = createGuestSessions(storage, () => now);
    sessions.write(session(5, '2026-12-01T12:00:00Z'));
    expect(sessions.read(5)?.name).to.equal('Gina');
    expect(sessions.read(6)).to.equal(null);
    storage.setItem('tsudoi:guest:6', JSON.stringify(session(5, '2026-12-01T12:00:00Z')));
    expect(sessions.read(6), 'stored under another floor').to.equal(null);
    storage.setItem('tsudoi:guest:7', '{not json');
    expect(sessions.read(7)).to.equal(null);
    now = Date.parse('2026-12-01T12:00:01Z');
    expect(sessions.read(5), 'expired').to.equal(null);
    sessions.clear(5);
    expect(storage.items.has('tsudoi:guest:5')).to.equal(false);
    expect(createGuestSessions(null).read(5), 'no storage').to.equal(null);
  });

  it('loads a link’s landing, asks for the password the floor has, and puts refusals where they belong', () => {
    let state = run(
      guestLandingRequested({ floorId: 5, appId: APP_ID }),
      guestLandingLoaded({ floor: floor(5, true), name: 'Vera' }),
    );
    expect(state.guest).to.deep.include({ floorId: 5, appId: APP_ID, askPassword: true });
    expect(
      run(guestLandingRequested({ floorId: 5, appId: APP_ID }), guestLandingLoaded({ floor: floor(6), name: null }))
        .guest.landing,
      'another floor',
    ).to.equal(null);

    state = floorEntryReducer(state, guestJoinRequested({ floorId: 5, appId: APP_ID, name: 'Vera' }));
    expect(state.guest.joining).to.equal(true);
    const wrong = floorEntryReducer(state, guestJoinFailed({ code: 'FLOOR_PASSWORD_ERROR', message: 'Wrong' }));
    expect(wrong.guest).to.deep.include({ joining: false, joinError: { password: 'Wrong' }, askPassword: true });
    const named = floorEntryReducer(
      state,
      guestJoinFailed({ code: 'VALIDATION_FAILED', message: 'Bad', name: 'Enter your display name' }),
    );
    expect(named.guest.joinError).to.deep.equal({ name: 'Enter your display name' });
    const other = floorEntryReducer(state, guestJoinFailed({ code: 'PAST_FLOOR', message: 'Ended' }));
    expect(other.guest.joinError).to.deep.equal({ form: 'Ended' });
    const done = floorEntryReducer(state, guestJoined(session(5, '2026-12-01T12:00:00Z')));
    expect(done.guest.session?.participantId).to.equal(APP_ID);
  });

  it('shows the floor password prompt until the member is in or gives up', () => {
    let state = run(floorPasswordRequired({ floorId: 5, error: null }));
    expect(state.password).to.deep.equal({ floorId: 5, error: null, busy: false });
    state = floorEntryReducer(state, floorPasswordSubmitted('secret'));
    expect(state.password?.busy).to.equal(true);
    state = floorEntryReducer(state, floorPasswordRequired({ floorId: 5, error: 'Wrong' }));
    expect(state.password).to.deep.equal({ floorId: 5, error: 'Wrong', busy: false });
    const joined = {
      floor: floor(5),
      rooms: [],
      users: [],
      me: { userId: 1, isGuest: false },
    } as unknown as FloorInitialData;
    expect(floorEntryReducer(state, liveJoined(joined)).password).to.equal(null);
    expect(floorEntryReducer(state, floorPasswordCancelled()).password).to.equal(null);
    expect(floorEntryReducer(state, liveEntered(6)).password).to.equal(null);
  });

  it('admits a signed-in person’s link once, and keeps the refusal of that link only', () => {
    const asked = run(linkAdmissionRequested({ floorId: 5, appId: APP_ID }));
    expect(asked.link).to.deep.equal({ floorId: 5, appId: APP_ID, status: 'pending', error: null });
    expect(floorEntryReducer(asked, linkAdmitted({ floorId: 5, appId: APP_ID })).link?.status).to.equal('done');
    expect(floorEntryReducer(asked, linkAdmitted({ floorId: 6, appId: APP_ID })).link?.status).to.equal('pending');
    const refused = floorEntryReducer(asked, linkRefused({ floorId: 5, appId: APP_ID, status: 403, message: 'No' }));
    expect(refused.link).to.deep.include({ status: 'failed', error: { status: 403, message: 'No', code: null } });
    // the code tells an invited guest's own link (used signed out) from other refusals
    const guestLink = floorEntryReducer(
      asked,
      linkRefused({ floorId: 5, appId: APP_ID, status: 409, message: 'Sign out', code: 'GUEST_LINK_NOT_FOR_ACCOUNTS' }),
    );
    expect(guestLink.link?.error?.code).to.equal('GUEST_LINK_NOT_FOR_ACCOUNTS');
    const other = floorEntryReducer(
      asked,
      linkRefused({ floorId: 5, appId: 'b'.repeat(43), status: 400, message: 'x' }),
    );
    expect(other.link?.status).to.equal('pending');
  });

  it('gives a guest’s live page its floor and rooms from the join answer, and names the guest', () => {
    const rooms = [{ id: 40, floorId: 5 }] as unknown as FloorInitialData['rooms'];
    const users = [{ userId: 9, name: 'Gina Rossi' }] as unknown as FloorInitialData['users'];
    const answer = (isGuest: boolean) =>
      ({ floor: floor(5), rooms, users, me: { userId: 9, isGuest } }) as unknown as FloorInitialData;
    const detail = floorDetailReducer(undefined, liveJoined(answer(true)));
    expect(detail).to.deep.include({ id: 5, rooms });
    expect(detail.floor?.id).to.equal(5);
    expect(floorDetailReducer(undefined, liveJoined(answer(false))).id, 'members load over REST').to.equal(null);

    const self = liveSelf(null, { me: answer(true).me, users: { 9: users[0]! } });
    expect(self).to.deep.include({ id: 9, name: 'Gina Rossi', avatarImageUrl: null });
    expect(self?.avatarColor).to.match(/^#[0-9A-F]{6}$/i);
    expect(liveSelf(null, { me: null, users: {} })).to.equal(null);
    expect(landingPath(5, APP_ID)).to.equal(`/floors/5?app_id=${APP_ID}`);
    expect(landingPath(5, null)).to.equal('/floors/5');
  });
});

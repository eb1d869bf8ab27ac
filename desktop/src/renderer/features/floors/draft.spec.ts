import { expect } from 'chai';
import type { FloorDto } from '@tsudoi/common';
import { draftFromFloor, emptyDraft, guestList, remaining, toCreateBody, toUpdateBody, type FloorDraft } from './draft';
import { type DraftContext } from './draft';
import { stepOfField, validateStep } from './validate-draft';

const NOW = new Date('2026-11-23T03:00:30Z'); // 12:00:30 in Japan
const ctx = (over: Partial<DraftContext> = {}): DraftContext => ({
  now: NOW,
  mode: 'create',
  savedStart: null,
  selfEmail: 'host@example.com',
  memberEmails: [],
  ...over,
});
const draft = (over: Partial<FloorDraft> = {}): FloorDraft => ({
  ...emptyDraft(),
  title: 'All hands',
  startAt: '2026-12-01T10:00',
  endAt: '2026-12-01T12:00',
  catchcopy: 'Year-end meeting',
  floorPlanId: 'office-24',
  ...over,
});
const ids = (errors: ReturnType<typeof validateStep>) =>
  Object.fromEntries(Object.entries(errors).map(([field, problem]) => [field, problem.id]));

describe('floors: wizard validation (spec §5)', () => {
  it('accepts a complete draft on every step', () => {
    for (const step of ['basic', 'detail', 'plan', 'invite', 'confirm'] as const)
      expect(validateStep(step, draft(), ctx()), step).to.deep.equal({});
  });

  it('requires a title, and start and end for a floor with time', () => {
    expect(ids(validateStep('basic', draft({ title: '  ', startAt: '', endAt: '' }), ctx()))).to.deep.equal({
      title: 'validation.floorTitleRequired',
      startAt: 'validation.startRequired',
      endAt: 'validation.endRequired',
    });
    expect(validateStep('basic', draft({ timed: false, startAt: '', endAt: '' }), ctx())).to.deep.equal({});
  });

  it('wants the start before the end and not in the past (this minute counts as now)', () => {
    expect(ids(validateStep('basic', draft({ endAt: '2026-12-01T10:00' }), ctx()))).to.deep.equal({
      endAt: 'validation.startAfterEnd',
    });
    expect(ids(validateStep('basic', draft({ startAt: '2026-11-23T11:59' }), ctx()))).to.deep.equal({
      startAt: 'validation.startInPast',
    });
    expect(validateStep('basic', draft({ startAt: '2026-11-23T12:00' }), ctx())).to.deep.equal({});
    expect(ids(validateStep('basic', draft({ startAt: '2026-13-01T10:00' }), ctx()))).to.deep.equal({
      startAt: 'validation.invalidTime',
    });
  });

  it('starting now needs only an end after now', () => {
    expect(validateStep('basic', draft({ startNow: true, startAt: '' }), ctx())).to.deep.equal({});
    expect(ids(validateStep('basic', draft({ startNow: true, endAt: '2026-11-23T12:00' }), ctx()))).to.deep.equal({
      endAt: 'validation.startAfterEnd',
    });
  });

  it('when editing, the start may not be earlier than the saved one, even if it is past', () => {
    const savedStart = new Date('2026-11-20T01:00:00Z'); // 10:00 Japan, three days ago
    const edit = ctx({ mode: 'edit', savedStart });
    expect(validateStep('basic', draft({ startAt: '2026-11-20T10:00' }), edit)).to.deep.equal({});
    const errors = validateStep('basic', draft({ startAt: '2026-11-20T09:59' }), edit);
    expect(errors.startAt).to.deep.equal({ id: 'validation.startBeforeSaved', values: { start: '2026-11-20 10:00' } });
  });

  it('checks the password length, unless an edit keeps the saved password', () => {
    // at least 6 characters (issue 13): 5 is refused, 6 taken
    expect(ids(validateStep('basic', draft({ usePassword: true, password: 'abcde' }), ctx()))).to.deep.equal({
      password: 'validation.floorPasswordLength',
    });
    expect(validateStep('basic', draft({ usePassword: true, password: 'abcdef' }), ctx())).to.deep.equal({});
    expect(validateStep('basic', draft({ usePassword: true, hasSavedPassword: true }), ctx())).to.deep.equal({});
  });

  it('requires the floor details and a plan, and caps the texts', () => {
    expect(ids(validateStep('detail', draft({ catchcopy: ' ', description: 'x'.repeat(2001) }), ctx()))).to.deep.equal({
      catchcopy: 'validation.floorDetailRequired',
      description: 'validation.descriptionTooLong',
    });
    expect(ids(validateStep('detail', draft({ catchphrase: 'x'.repeat(201) }), ctx()))).to.deep.equal({
      catchphrase: 'validation.catchphraseTooLong',
    });
    expect(ids(validateStep('plan', draft({ floorPlanId: null }), ctx()))).to.deep.equal({
      floorPlanId: 'validation.floorPlanRequired',
    });
  });

  it('refuses bad, own and repeated guest addresses, naming the first', () => {
    const check = (guestEmails: string, memberEmails: string[] = []) =>
      validateStep('invite', draft({ guestEmails }), ctx({ memberEmails })).guestEmails;
    expect(check('a@example.com\nb@example.com')).to.equal(undefined);
    expect(check('a@example.com, nope')).to.deep.equal({ id: 'floors.invite.invalidEmail', values: { email: 'nope' } });
    expect(check('HOST@example.com')?.id).to.equal('validation.selfInvite');
    expect(check('a@example.com A@example.com')?.id).to.equal('validation.duplicateEmail');
    expect(check('m@example.com', ['M@example.com'])?.id).to.equal('validation.duplicateEmail');
  });

  it('refuses an address invited already (edit)', () => {
    const check = (guestEmails: string) =>
      validateStep('invite', draft({ guestEmails }), ctx({ invitedEmails: ['Old@example.com'] })).guestEmails;
    expect(check('new@example.com')).to.equal(undefined);
    expect(check('new@example.com old@example.com')).to.deep.equal({
      id: 'validation.alreadyInvited',
      values: { email: 'old@example.com' },
    });
  });

  it('places server fields on their steps', () => {
    expect(stepOfField('title')).to.equal('basic');
    expect(stepOfField('endAt')).to.equal('basic');
    expect(stepOfField('catchcopy')).to.equal('detail');
    expect(stepOfField('floorPlanId')).to.equal('plan');
    expect(stepOfField('participants.0.email')).to.equal('invite');
  });
});

describe('floors: wizard bodies and counters', () => {
  it('sends Japan times, this minute for "start now", and no times for a permanent floor', () => {
    expect(toCreateBody(draft(), NOW)).to.deep.include({
      title: 'All hands',
      type: 1,
      startAt: '2026-12-01T10:00',
      endAt: '2026-12-01T12:00',
      password: null,
      catchphrase: null,
      floorPlanId: 'office-24',
    });
    expect(toCreateBody(draft({ startNow: true }), NOW).startAt).to.equal('2026-11-23T12:00');
    expect(toCreateBody(draft({ timed: false }), NOW)).to.deep.include({ type: 2, startAt: null, endAt: null });
  });

  it('keeps, replaces or removes the password on edit', () => {
    expect(toUpdateBody(draft({ usePassword: true, hasSavedPassword: true }), NOW)).not.to.have.property('password');
    expect(toUpdateBody(draft({ usePassword: true, password: 'secret' }), NOW).password).to.equal('secret');
    expect(toUpdateBody(draft({ usePassword: false, hasSavedPassword: true }), NOW).password).to.equal(null);
  });

  it('prefills from a floor; a copy asks for a new password', () => {
    const floor = {
      title: 'Office',
      type: 1,
      startAt: '2026-12-01T10:00:00+09:00',
      endAt: '2026-12-01T18:00:00+09:00',
      privacy: 'public',
      hasPassword: true,
      catchcopy: 'Daily office',
      catchphrase: null,
      description: null,
      floorPlanId: 'office-24',
    } as FloorDto;
    const edit = draftFromFloor(floor, 'edit');
    expect(edit).to.deep.include({ startAt: '2026-12-01T10:00', endAt: '2026-12-01T18:00', hasSavedPassword: true });
    expect(edit.catchphrase).to.equal('');
    expect(draftFromFloor(floor, 'duplicate').hasSavedPassword).to.equal(false);
  });

  it('counts the characters left, negative once over', () => {
    expect(remaining('', 100)).to.equal(100);
    expect(remaining('  hello  ', 100)).to.equal(95);
    expect(remaining('あ'.repeat(102), 100)).to.equal(-2);
  });

  it('splits guest addresses on lines, commas and spaces', () => {
    expect(guestList(' A@x.jp,b@x.jp\n\n c@x.jp ; d@x.jp ')).to.deep.equal(['a@x.jp', 'b@x.jp', 'c@x.jp', 'd@x.jp']);
    expect(guestList('   ')).to.deep.equal([]);
  });
});

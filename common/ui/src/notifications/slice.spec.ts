import { expect } from 'chai';
import { describe, it } from 'mocha';
import { dismissed, errorsDismissed, notificationsReducer, notify, type Notification } from './slice';

const run = (...actions: Parameters<typeof notificationsReducer>[1][]) =>
  actions.reduce<Notification[]>((state, action) => notificationsReducer(state, action), []);

describe('notifications slice', () => {
  it('adds notifications with ids and removes a dismissed one', () => {
    const first = notify({ kind: 'error', message: 'a' });
    const state = run(first, notify({ kind: 'success', message: 'b' }), dismissed(first.payload.id));
    expect(state.map((n) => [n.kind, n.message])).to.deep.equal([['success', 'b']]);
  });

  it('shows a repeated message once, as the newest', () => {
    const state = run(
      notify({ kind: 'error', message: 'a' }),
      notify({ kind: 'error', message: 'b' }),
      notify({ kind: 'error', message: 'a' }),
    );
    expect(state.map((n) => n.message)).to.deep.equal(['b', 'a']);
  });

  it('keeps at most four', () => {
    const state = run(...['1', '2', '3', '4', '5'].map((message) => notify({ kind: 'success', message })));
    expect(state.map((n) => n.message)).to.deep.equal(['2', '3', '4', '5']);
  });

  it('drops every error at once and keeps the successes', () => {
    const state = run(
      notify({ kind: 'error', message: 'wrong password' }),
      notify({ kind: 'success', message: 'signed in' }),
      notify({ kind: 'error', message: 'other' }),
      errorsDismissed(),
    );
    expect(state.map((n) => [n.kind, n.message])).to.deep.equal([['success', 'signed in']]);
  });

  it('keeps an error dialog until closed and does not repeat its text as a toast', () => {
    const dialog = notify({ kind: 'error', message: 'Bad Gateway', dialog: true });
    const state = run(
      dialog,
      notify({ kind: 'error', message: 'Bad Gateway' }),
      notify({ kind: 'error', message: 'x' }),
    );
    expect(state.map((n) => [n.message, n.dialog ?? false])).to.deep.equal([
      ['Bad Gateway', true],
      ['x', false],
    ]);
    expect(run(dialog, dismissed(dialog.payload.id))).to.deep.equal([]);
  });
});

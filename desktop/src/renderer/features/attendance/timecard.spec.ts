import { expect } from 'chai';
import { allowedActions, type AttendanceStatus } from '@tsudoi/common';
import { desktopSuggestion } from './timecard';

const last = (status: AttendanceStatus | null) => ({ status, allowed: allowedActions(status) });
const now = new Date('2026-11-24T03:00:00Z');

describe('presence timecard: what the desktop’s away and back suggest', () => {
  it('suggests a break when idle, locked or suspended while working, and ending it when back', () => {
    for (const source of ['idle', 'lock', 'suspend'])
      expect(desktopSuggestion(source, { presenceTimecard: true }, last('working'), now)).to.deep.equal({
        action: 'startBreak',
        reason: 'away',
        at: now.toISOString(),
      });
    expect(desktopSuggestion('back', { presenceTimecard: true }, last('onBreak'), now)).to.deep.include({
      action: 'endBreak',
      reason: 'back',
    });
  });

  it('suggests nothing when the company has it off, before check-in, after check-out or for a choice of the tray', () => {
    expect(desktopSuggestion('idle', { presenceTimecard: false }, last('working'), now)).to.equal(null);
    expect(desktopSuggestion('idle', null, last('working'), now)).to.equal(null);
    expect(desktopSuggestion('idle', { presenceTimecard: true }, last(null), now)).to.equal(null);
    expect(desktopSuggestion('lock', { presenceTimecard: true }, last('left'), now)).to.equal(null);
    expect(desktopSuggestion('idle', { presenceTimecard: true }, last('onBreak'), now)).to.equal(null);
    expect(desktopSuggestion('back', { presenceTimecard: true }, last('working'), now)).to.equal(null);
    expect(desktopSuggestion('tray', { presenceTimecard: true }, last('working'), now)).to.equal(null);
  });
});

import { expect } from 'chai';
import type { PresenceReason, PresenceStatus } from '@tsudoi/common/protocol/ipc';
import { AutoAway, IDLE_POLL_MS, IDLE_THRESHOLD_SECONDS, IdleWatcher, type AwayReason, type Timers } from './idle';
import { StubPowerMonitor } from './testing/electron-stub';

function manualTimers() {
  const intervals = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: Timers = {
    setInterval: (callback, ms) => (intervals.set(++next, { callback, ms }), next),
    clearInterval: (handle) => void intervals.delete(handle as number),
  };
  return { timers, intervals, tick: () => intervals.forEach(({ callback }) => callback()) };
}

function watch() {
  const powerMonitor = new StubPowerMonitor();
  const { timers, intervals, tick } = manualTimers();
  const events: Array<AwayReason | 'back'> = [];
  const watcher = new IdleWatcher({
    powerMonitor,
    timers,
    onAway: (reason) => events.push(reason),
    onBack: () => events.push('back'),
  });
  watcher.start();
  return { powerMonitor, watcher, events, intervals, tick };
}

describe('IdleWatcher (electron stubbed)', () => {
  it('polls the system idle state every 15 s with a 5 minute threshold, until stopped', () => {
    const { powerMonitor, watcher, intervals, tick } = watch();
    expect([...intervals.values()].map(({ ms }) => ms)).to.deep.equal([IDLE_POLL_MS]);
    tick();
    expect(powerMonitor.thresholds).to.deep.equal([IDLE_THRESHOLD_SECONDS]);
    watcher.stop();
    expect(intervals.size).to.equal(0);
  });

  it('goes away after idle time and comes back on input', () => {
    const { powerMonitor, events, tick } = watch();
    tick();
    powerMonitor.idleState = 'idle';
    tick();
    tick();
    powerMonitor.idleState = 'active';
    tick();
    expect(events).to.deep.equal(['idle', 'back']);
  });

  it('is away while the screen is locked, by event or by the idle state (Linux)', () => {
    const { powerMonitor, events, tick } = watch();
    powerMonitor.emit('lock-screen');
    powerMonitor.emit('unlock-screen');
    powerMonitor.idleState = 'locked';
    tick();
    powerMonitor.idleState = 'active';
    tick();
    expect(events).to.deep.equal(['lock', 'back', 'lock', 'back']);
  });

  it('comes back only once every reason has ended: a resume onto a locked screen stays away', () => {
    const { powerMonitor, watcher, events } = watch();
    powerMonitor.emit('lock-screen');
    powerMonitor.emit('suspend');
    powerMonitor.idleState = 'locked';
    powerMonitor.emit('resume');
    expect(events).to.deep.equal(['lock', 'suspend']);
    expect([...watcher.reasons]).to.deep.equal(['lock']);
    powerMonitor.idleState = 'active';
    powerMonitor.emit('unlock-screen');
    expect(events).to.deep.equal(['lock', 'suspend', 'back']);
  });

  it('treats a suspend and resume of an unlocked machine as away and back', () => {
    const { powerMonitor, events } = watch();
    powerMonitor.emit('suspend');
    powerMonitor.emit('resume');
    expect(events).to.deep.equal(['suspend', 'back']);
  });
});

describe('AutoAway', () => {
  function auto(initial: PresenceStatus) {
    let status = initial;
    const requests: Array<[PresenceStatus, PresenceReason]> = [];
    const autoAway = new AutoAway(
      () => status,
      (next, reason) => {
        status = next;
        requests.push([next, reason]);
      },
    );
    return { autoAway, requests, set: (next: PresenceStatus) => (status = next) };
  }

  it('sets available and busy to away, and back to what they were', () => {
    for (const status of ['available', 'busy'] as const) {
      const { autoAway, requests } = auto(status);
      autoAway.away('idle');
      autoAway.away('lock');
      autoAway.back();
      expect(requests, status).to.deep.equal([
        ['away', 'idle'],
        [status, 'back'],
      ]);
    }
  });

  it('keeps a meeting through inactivity but not through a lock or suspend', () => {
    const { autoAway, requests } = auto('meeting');
    autoAway.away('idle');
    expect(requests).to.deep.equal([]);
    autoAway.away('suspend');
    autoAway.back();
    expect(requests).to.deep.equal([
      ['away', 'suspend'],
      ['meeting', 'back'],
    ]);
  });

  it('leaves a status the user chose alone: away chosen before, or another one chosen while away', () => {
    const chosenAway = auto('away');
    chosenAway.autoAway.away('lock');
    chosenAway.autoAway.back();
    expect(chosenAway.requests).to.deep.equal([]);

    const { autoAway, requests, set } = auto('available');
    autoAway.away('idle');
    set('busy');
    autoAway.statusChosen('busy');
    autoAway.back();
    expect(requests).to.deep.equal([['away', 'idle']]);
    expect(autoAway.active).to.equal(false);
  });
});

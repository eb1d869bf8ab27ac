import { expect } from 'chai';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { LogThrottle } from './log-throttle';

/** A pino logger whose lines are kept. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LogThrottle (rate-limited logging with counters)', () => {
  let now = 0;
  let scheduled: { task: () => void; ms: number }[] = [];
  beforeEach(() => {
    now = 0;
    scheduled = [];
  });
  const throttle = (logger: ReturnType<typeof capture>['logger']) =>
    new LogThrottle(logger, {
      lines: 3,
      windowMs: 10_000,
      now: () => now,
      schedule: (task, ms) => scheduled.push({ task, ms }),
    });

  it('writes a few lines per kind and window, counts the rest, and sums them up when the window ends', async () => {
    const { logger, lines } = capture();
    const log = throttle(logger);
    for (let i = 0; i < 1000; i++) log.warn('noAck', { i }, 'dropped');
    log.warn('other', {}, 'another kind');
    await settle();
    expect(lines.map((l) => l.msg)).to.deep.equal(['dropped', 'dropped', 'dropped', 'another kind']);
    expect(log.totals.get('noAck')).to.equal(1000);
    expect(log.suppressed.get('noAck')).to.equal(997);
    expect(scheduled).to.have.length(1);
    expect(scheduled[0]!.ms).to.equal(10_000);
    scheduled[0]!.task();
    await settle();
    const summary = lines.at(-1)!;
    expect(summary).to.include({ kind: 'noAck', suppressed: 997, total: 1000 });
    expect(summary.msg).to.equal('dropped (997 more within 10 s not logged)');
    expect(summary.example).to.deep.equal({ i: 3 });
  });

  it('starts a new window after the last one (a late occurrence closes it if its timer has not run)', async () => {
    const { logger, lines } = capture();
    const log = throttle(logger);
    for (let i = 0; i < 5; i++) log.warn('k', {}, 'm');
    now = 10_001;
    log.warn('k', {}, 'm');
    scheduled[0]!.task(); // the window is already closed: no second summary
    await settle();
    expect(lines.map((l) => l.msg)).to.deep.equal(['m', 'm', 'm', 'm (2 more within 10 s not logged)', 'm']);
  });

  it('flush() writes the open summaries (at shutdown)', async () => {
    const { logger, lines } = capture();
    const log = throttle(logger);
    for (let i = 0; i < 4; i++) log.warn('k', {}, 'm');
    log.flush();
    log.flush();
    await settle();
    expect(lines.map((l) => l.msg)).to.deep.equal(['m', 'm', 'm', 'm (1 more within 10 s not logged)']);
  });
});

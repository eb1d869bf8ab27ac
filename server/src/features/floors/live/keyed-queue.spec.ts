import { expect } from 'chai';
import { KeyedQueue } from './keyed-queue';
import { FloorScopedCache } from './live-cache';
import { TokenBucket } from './move-limit';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const outcome = (p: Promise<unknown>) =>
  p.then(
    (v) => `ok ${String(v)}`,
    (e: Error) => e.message,
  );

describe('live floor building blocks: queue order, move bucket, floor-scoped cache', () => {
  it('runs the tasks of one key one at a time, in order, and passes a failing task’s error on', async () => {
    const queue = new KeyedQueue();
    const ran: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const task = (name: string, wait?: Promise<void>) => async () => {
      ran.push(name);
      await wait;
      if (name === 'fail') throw new Error('ROOM_FULL');
      return name;
    };
    const first = outcome(queue.run('u1', task('a', gate)));
    const failing = outcome(queue.run('u1', task('fail')));
    const second = outcome(queue.run('u1', task('b')));
    const other = outcome(queue.run('u2', task('x')));
    await tick();
    expect(ran).to.deep.equal(['a', 'x']); // u1 waits for a; u2 does not
    release();
    expect([await first, await failing, await second, await other]).to.deep.equal([
      'ok a',
      'ROOM_FULL',
      'ok b',
      'ok x',
    ]);
    expect(ran).to.deep.equal(['a', 'x', 'fail', 'b']);
  });

  it('lets a burst of 20 moves through, then 10 a second', () => {
    let now = 0;
    const bucket = new TokenBucket(20, 10, () => now);
    const taken = Array.from({ length: 25 }, () => bucket.take());
    expect(taken.filter(Boolean)).to.have.length(20);
    now += 100;
    expect([bucket.take(), bucket.take()]).to.deep.equal([true, false]);
    now += 60_000;
    expect(Array.from({ length: 21 }, () => bucket.take()).filter(Boolean)).to.have.length(20);
  });

  it('forgets a floor’s values when it is dropped, even one loaded meanwhile, and after the TTL', async () => {
    let now = 0;
    const cache = new FloorScopedCache<string, number>(1000, () => now);
    let loads = 0;
    const load = (v: number) => async () => {
      loads++;
      return v;
    };
    expect(await cache.through('s1', 7, load(1))).to.equal(1);
    expect(await cache.through('s1', 7, load(2))).to.equal(1);
    expect(cache.get('s1', 8)).to.equal(undefined); // another floor: not this value
    cache.dropFloor(7);
    let finish!: (v: number) => void;
    const slow = cache.through('s1', 7, () => new Promise<number>((resolve) => (finish = resolve)));
    expect(cache.through('s1', 7, load(9))).to.equal(slow); // one load at a time
    cache.dropFloor(7); // dropped while loading: answered, not kept
    finish(3);
    expect(await slow).to.equal(3);
    expect(cache.get('s1', 7)).to.equal(undefined);
    expect(await cache.through('s1', 7, load(4))).to.equal(4);
    now += 1001;
    expect(cache.get('s1', 7)).to.equal(undefined);
    cache.delete('s1');
    expect(loads).to.equal(2);
  });
});

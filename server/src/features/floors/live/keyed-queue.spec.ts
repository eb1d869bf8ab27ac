import { expect } from 'chai';
import { KeyedQueue } from './keyed-queue';
import { FloorScopedCache } from './live-cache';
import { TokenBucket } from './move-limit';

const superseded = () => new Error('superseded');
const tick = () => new Promise((resolve) => setImmediate(resolve));
const outcome = (p: Promise<unknown>) =>
  p.then(
    (v) => `ok ${String(v)}`,
    (e: Error) => e.message,
  );

describe('live floor building blocks: queue coalescing, move bucket, floor-scoped cache', () => {
  it('runs only the newest waiting task of a slot and refuses the ones it replaced at once', async () => {
    const queue = new KeyedQueue();
    const ran: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const task = (name: string, wait?: Promise<void>) => async () => {
      ran.push(name);
      await wait;
      return name;
    };
    const first = outcome(queue.runLatest('u1', 'room', task('a', gate), superseded));
    await tick(); // a runs now
    const second = outcome(queue.runLatest('u1', 'room', task('b'), superseded));
    const status = outcome(queue.runLatest('u1', 'status', task('s'), superseded));
    const third = outcome(queue.runLatest('u1', 'room', task('c'), superseded));
    const other = outcome(queue.runLatest('u2', 'room', task('x'), superseded));
    expect(await second).to.equal('superseded'); // answered while the first still runs
    expect(ran).to.deep.equal(['a', 'x']);
    release();
    expect([await first, await status, await third, await other]).to.deep.equal(['ok a', 'ok s', 'ok c', 'ok x']);
    expect(ran).to.deep.equal(['a', 'x', 's', 'c']); // b never ran; order kept across slots
  });

  it('counts a task as waiting until it starts (two in one tick: the first is replaced)', async () => {
    const queue = new KeyedQueue();
    const early = outcome(queue.runLatest('u1', 'room', () => Promise.resolve(0), superseded));
    const late = outcome(queue.runLatest('u1', 'room', () => Promise.resolve(1), superseded)); // same tick
    expect([await early, await late]).to.deep.equal(['superseded', 'ok 1']);
  });

  it('passes a failing task’s error on and keeps the queue going', async () => {
    const queue = new KeyedQueue();
    const failing = outcome(queue.runLatest('u1', 'room', () => Promise.reject(new Error('ROOM_FULL')), superseded));
    await tick();
    const next = outcome(queue.runLatest('u1', 'room', () => Promise.resolve(1), superseded));
    expect([await failing, await next]).to.deep.equal(['ROOM_FULL', 'ok 1']);
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

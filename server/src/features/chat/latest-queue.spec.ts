import { expect } from 'chai';
import { LatestQueue } from './latest-queue';

describe('chat: latest-wins queue per key', () => {
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs a burst of pushes once after the settle time, and once more for pushes during a run', async () => {
    const queue = new LatestQueue(30);
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const task = (name: string) => async () => {
      runs.push(name);
      if (name === 'a' && runs.filter((r) => r === 'a').length === 1)
        await new Promise<void>((resolve) => (release = resolve));
    };
    for (let i = 0; i < 50; i++) queue.push('a', task('a'));
    queue.push('b', task('b'));
    expect(queue.size).to.equal(2);
    await tick(10);
    expect(runs).to.deep.equal([]); // still settling
    await tick(40);
    // keys settle with their own jitter, so either may start first; a is still running
    expect([...runs].sort()).to.deep.equal(['a', 'b']);
    for (let i = 0; i < 50; i++) queue.push('a', task('a'));
    release();
    await queue.idle();
    expect([...runs].sort()).to.deep.equal(['a', 'a', 'b']);
    expect(runs[2]).to.equal('a');
    expect(queue.size).to.equal(0);
  });

  it('keeps going after a failing task', async () => {
    const queue = new LatestQueue();
    const runs: number[] = [];
    queue.push('k', () => Promise.reject(new Error('boom')));
    await queue.idle();
    queue.push('k', async () => void runs.push(1));
    await queue.idle();
    expect(runs).to.deep.equal([1]);
  });
});

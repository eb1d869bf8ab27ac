import { expect } from 'chai';
import { TaskQueue } from './task-queue';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('media task queue', () => {
  it('runs tasks one at a time in order, and a failure does not stop the next', async () => {
    const errors: unknown[] = [];
    const queue = new TaskQueue((e) => errors.push(e));
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        log.push(`start ${name}`);
        await later(ms);
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      };
    const answers = [queue.push(task('a', 20)), queue.push(task('b', 1, true)), queue.push(task('c', 5))];
    expect(queue.size).to.equal(3);
    expect(await Promise.all(answers)).to.deep.equal(['a', undefined, 'c']);
    await queue.idle();
    expect(queue.size).to.equal(0);
    expect(most).to.equal(1);
    expect(log).to.deep.equal(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(errors.map((e) => (e as Error).message)).to.deep.equal(['b']);
  });

  it('starts a task at once when nothing is queued, and queues one behind a running task', async () => {
    const queue = new TaskQueue(() => undefined);
    const log: string[] = [];
    const first = queue.push(async () => {
      log.push('first started');
      await later(5);
    });
    expect(log).to.deep.equal(['first started']); // inside push, before any await
    void queue.push(async () => {
      log.push('second started');
    });
    expect(log).to.deep.equal(['first started']);
    await first;
    await queue.idle();
    expect(log).to.deep.equal(['first started', 'second started']);
    const thrown = queue.push(() => {
      throw new Error('at once');
    });
    expect(await thrown).to.equal(undefined); // reported to onError, the queue goes on
    expect(queue.size).to.be.at.most(1);
  });
});

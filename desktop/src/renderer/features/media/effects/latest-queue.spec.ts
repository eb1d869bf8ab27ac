import { expect } from 'chai';
import { LatestQueue } from './latest-queue';

const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

describe('effects LatestQueue (pending effects: the latest wins)', () => {
  it('applies the running value, drops the ones queued behind it but the newest', async () => {
    const applied: string[] = [];
    const gate = deferred();
    const queue = new LatestQueue<string>(async (value) => {
      applied.push(`start ${value}`);
      if (value === 'blur') await gate.promise;
      applied.push(`end ${value}`);
    });
    const first = queue.push('blur');
    const second = queue.push('background:a');
    const third = queue.push('background:b');
    const fourth = queue.push('none');
    expect(queue.busy).to.equal(true);
    gate.release();
    expect(await Promise.all([first, second, third, fourth])).to.deep.equal([
      'applied',
      'superseded',
      'superseded',
      'applied',
    ]);
    expect(applied).to.deep.equal(['start blur', 'end blur', 'start none', 'end none']);
    expect(queue.busy).to.equal(false);
  });

  it('never runs two values at once, and the last value pushed is applied', async () => {
    let running = 0;
    let most = 0;
    const applied: number[] = [];
    const queue = new LatestQueue<number>(async (value) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      applied.push(value);
      running -= 1;
    });
    const pushed: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 3));
        pushed.push(i);
        return queue.push(i);
      }),
    );
    expect(most).to.equal(1);
    expect(applied.at(-1)).to.equal(pushed.at(-1));
  });

  it('a failing value rejects its own promise and the next one still runs', async () => {
    const applied: string[] = [];
    const gate = deferred();
    const queue = new LatestQueue<string>(async (value) => {
      await gate.promise;
      if (value === 'bad') throw new Error('bad image');
      applied.push(value);
    });
    const bad = queue.push('bad');
    const good = queue.push('good');
    gate.release();
    let failure: unknown;
    await bad.catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('bad image');
    expect(await good).to.equal('applied');
    expect(applied).to.deep.equal(['good']);
  });
});

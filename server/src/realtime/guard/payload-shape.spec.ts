import { expect } from 'chai';
import { withinShape } from './payload-shape';

const nest = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));
const limits = { depth: 4, nodes: 20 };

describe('withinShape (socket payload depth and size)', () => {
  it('accepts primitives, and containers nested up to the depth', () => {
    for (const value of [undefined, null, 1, 'x', true, {}, { a: { b: { c: [1] } } }, nest(4)])
      expect(withinShape(value, limits), JSON.stringify(value)).to.equal(true);
  });

  it('refuses one level more, wherever it is', () => {
    expect(withinShape(nest(5), limits)).to.equal(false);
    expect(withinShape({ ok: 1, deep: { a: { b: { c: {} } } } }, limits)).to.equal(false);
    expect(withinShape([1, 2, [3, [4, [5, []]]]], limits)).to.equal(false);
  });

  it('refuses more values than allowed (objects, arrays and primitives all count)', () => {
    expect(
      withinShape(
        Array.from({ length: 19 }, (_, i) => i),
        limits,
      ),
    ).to.equal(true);
    expect(
      withinShape(
        Array.from({ length: 20 }, (_, i) => i),
        limits,
      ),
    ).to.equal(false);
    expect(withinShape({ a: [1, 2, 3], b: { c: 'x' } }, { depth: 4, nodes: 6 })).to.equal(false);
    expect(withinShape({ a: [1, 2, 3], b: { c: 'x' } }, { depth: 4, nodes: 7 })).to.equal(true);
  });

  it('walks 100 000 levels without exhausting the stack, and refuses a huge array', () => {
    expect(withinShape(nest(100_000), { depth: 10, nodes: 5000 })).to.equal(false);
    expect(withinShape(new Array(1_000_000).fill(0), { depth: 10, nodes: 5000 })).to.equal(false);
  });
});

import { expect } from 'chai';
import { boundedJson, boundedObject } from './bounded-json';

describe('bounded JSON (open parameter objects)', () => {
  const params = boundedObject(boundedJson(2));
  const nest = (levels: number): unknown => (levels === 0 ? 1 : { a: nest(levels - 1) });

  it('accepts values nested up to its depth', () => {
    expect(params.safeParse({ a: 1, b: 'x', c: [1, { d: true }], e: null, f: { g: [1] } }).success).to.equal(true);
    expect(params.safeParse(nest(3)).success).to.equal(true);
  });

  it('refuses deeper values with validation.tooDeep at the field, however deep they go', () => {
    for (const levels of [4, 50, 5000]) {
      const r = params.safeParse(nest(levels));
      expect(r.success).to.equal(false);
      if (!r.success)
        expect(r.error.issues.map((i) => [i.path.join('.'), i.message])).to.deep.equal([['a', 'tooDeep']]);
    }
  });

  it('refuses long strings, long arrays and objects with too many keys', () => {
    expect(params.safeParse({ a: 'x'.repeat(1025) }).success).to.equal(false);
    expect(params.safeParse({ a: new Array(65).fill(1) }).success).to.equal(false);
    expect(params.safeParse(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]))).success).to.equal(
      false,
    );
  });
});

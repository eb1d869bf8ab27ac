import { expect } from 'chai';
import { describe, it } from 'mocha';
import { isKnownMiddleware, ROUTE_MIDDLEWARE } from './middleware-names';

describe('route middleware names (spec §8.2: an unknown middleware gives 500)', () => {
  it("knows the spec's user guards and nothing else", () => {
    expect([...ROUTE_MIDDLEWARE]).to.deep.equal(['auth', 'user-only', 'redirect-if-logged-in']);
    for (const name of ROUTE_MIDDLEWARE) expect(isKnownMiddleware(name), name).to.equal(true);
    for (const name of ['', 'admin-only', 'User-Only', 'toString', '__proto__', 'constructor'])
      expect(isKnownMiddleware(name), name).to.equal(false);
  });
});

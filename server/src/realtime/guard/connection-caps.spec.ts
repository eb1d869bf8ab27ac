import { parseTrustProxy, type TrustProxy } from '../../http/trust-proxy';
import http from 'node:http';
import net from 'node:net';
import { expect } from 'chai';
import { AppError } from '../../http/app-error';
import { clientAddress, ConnectionCaps } from './connection-caps';

/** A request as Node makes it, from `remote` with these headers. */
function request(remote: string, headers: Record<string, string> = {}): http.IncomingMessage {
  const socket = new net.Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remote });
  const req = new http.IncomingMessage(socket);
  req.headers = headers;
  return req;
}

describe('ConnectionCaps and the client address', () => {
  it('refuses a key at its limit with TOO_MANY_CONNECTIONS and the limit, and gives places back once', () => {
    const caps = new ConnectionCaps();
    const address = { key: 'address:1.2.3.4', limit: 3 };
    const release = [caps.claim([address, { key: 'account:1', limit: 2 }])];
    release.push(caps.claim([address, { key: 'account:1', limit: 2 }]));
    try {
      caps.claim([address, { key: 'account:1', limit: 2 }]);
      expect.fail('claimed');
    } catch (error) {
      expect(error).to.be.instanceOf(AppError);
      expect((error as AppError).code).to.equal('TOO_MANY_CONNECTIONS');
      expect((error as AppError).options.values).to.deep.equal({ limit: 2 });
    }
    expect(caps.count('address:1.2.3.4'), 'a refused claim takes nothing').to.equal(2);
    release.push(caps.claim([address, { key: 'account:2', limit: 2 }]));
    expect(() => caps.check([address])).to.throw(AppError);
    release[0]!();
    release[0]!();
    expect([caps.count('address:1.2.3.4'), caps.count('account:1')]).to.deep.equal([2, 1]);
    for (const r of release) r();
    expect([caps.count('address:1.2.3.4'), caps.count('account:1'), caps.count('account:2')]).to.deep.equal([0, 0, 0]);
  });

  it('takes X-Forwarded-For only from the proxies TRUST_PROXY names (by default nobody)', () => {
    const loopback = parseTrustProxy('loopback') as TrustProxy;
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), loopback)).to.equal('203.0.113.9');
    expect(clientAddress(request('::1', { 'x-forwarded-for': '198.51.100.1, 127.0.0.1' }), loopback)).to.equal(
      '198.51.100.1',
    );
    expect(clientAddress(request('192.0.2.5', { 'x-forwarded-for': '203.0.113.9' }), loopback)).to.equal('192.0.2.5');
    expect(clientAddress(request('127.0.0.1'), loopback)).to.equal('127.0.0.1');
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), false)).to.equal('127.0.0.1');
  });
});

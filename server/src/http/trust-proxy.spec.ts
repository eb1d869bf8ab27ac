import type { IncomingMessage } from 'node:http';
import { expect } from 'chai';
import { clientAddress, trustFunction } from './trust-proxy';

const request = (peer: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  }) as unknown as IncomingMessage;

describe('trust proxy', () => {
  it('ignores X-Forwarded-For when no proxy is trusted (the default)', () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), false)).to.equal('127.0.0.1');
    expect(trustFunction(false)('127.0.0.1', 0)).to.equal(false);
  });

  it('takes the forwarded address from a trusted peer only', () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), ['loopback'])).to.equal('203.0.113.9');
    expect(clientAddress(request('198.51.100.7', '203.0.113.9'), ['loopback'])).to.equal('198.51.100.7');
  });

  it('trusts a number of hops from the peer', () => {
    const chain = request('10.0.0.2', '203.0.113.9, 10.0.0.1');
    expect(clientAddress(chain, 1)).to.equal('10.0.0.1');
    expect(clientAddress(chain, 2)).to.equal('203.0.113.9');
  });
});

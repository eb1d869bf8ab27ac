import crypto from 'node:crypto';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../config';
import { iceServersFor } from './turn-config';

describe('media: TURN configuration', () => {
  const secret = 'a-shared-secret-of-coturn';

  it('hands out nothing when no TURN server is configured', () => {
    const { turn } = loadConfig({}).media;
    expect(turn).to.deep.equal({ urls: [], credentials: null, policy: 'all' });
    expect(iceServersFor(turn, 7)).to.deep.equal([]);
  });

  it('gives every join its own short-lived credentials that coturn can check with the shared secret', () => {
    const { turn } = loadConfig({
      MEDIA_TURN_URLS: 'stun:turn.example.com:3478, turn:turn.example.com:3478?transport=udp',
      MEDIA_TURN_SECRET: secret,
      MEDIA_TURN_TTL: '600',
      MEDIA_ICE_TRANSPORT_POLICY: 'relay',
    }).media;
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const [stun, relay] = iceServersFor(turn, 42, now);
    expect(stun).to.deep.equal({ urls: ['stun:turn.example.com:3478'] });
    expect(relay!.urls).to.deep.equal(['turn:turn.example.com:3478?transport=udp']);
    expect(relay!.username).to.equal(`${now / 1000 + 600}:42`);
    // coturn's check (use-auth-secret): base64(HMAC-SHA1(secret, username))
    const expected = crypto.createHmac('sha1', secret).update(relay!.username!).digest('base64');
    expect(relay!.credential).to.equal(expected);
    expect(iceServersFor(turn, 43, now)[1]!.credential).to.not.equal(expected);
    expect(turn.policy).to.equal('relay');
  });

  it('passes a fixed username and credential through', () => {
    const { turn } = loadConfig({
      MEDIA_TURN_URLS: 'turns:turn.example.com:5349',
      MEDIA_TURN_USERNAME: 'tsudoi',
      MEDIA_TURN_CREDENTIAL: 'pw',
    }).media;
    expect(iceServersFor(turn, 1)).to.deep.equal([
      { urls: ['turns:turn.example.com:5349'], username: 'tsudoi', credential: 'pw' },
    ]);
  });

  for (const [label, env, message] of [
    ['a URL that is not turn:/stun:', { MEDIA_TURN_URLS: 'http://turn.example.com' }, 'MEDIA_TURN_URLS'],
    ['a turn: server without credentials', { MEDIA_TURN_URLS: 'turn:t.example.com' }, 'needs MEDIA_TURN_SECRET'],
    ['a short secret', { MEDIA_TURN_URLS: 'turn:t.example.com', MEDIA_TURN_SECRET: 'short' }, 'at least 16'],
    [
      'a secret and a fixed pair',
      { MEDIA_TURN_URLS: 'turn:t', MEDIA_TURN_SECRET: secret, MEDIA_TURN_USERNAME: 'u', MEDIA_TURN_CREDENTIAL: 'c' },
      'not both',
    ],
    ['a username without credential', { MEDIA_TURN_URLS: 'turn:t', MEDIA_TURN_USERNAME: 'u' }, 'set both'],
    ['relay without a TURN server', { MEDIA_ICE_TRANSPORT_POLICY: 'relay' }, 'relay needs'],
    ['credentials without a server', { MEDIA_TURN_SECRET: secret }, 'no server'],
    ['an unknown policy', { MEDIA_ICE_TRANSPORT_POLICY: 'none' }, 'MEDIA_ICE_TRANSPORT_POLICY'],
  ] as const) {
    it(`refuses to start with ${label}`, () => {
      expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  }
});

import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The HS256 key of a secret, made once per secret. Given the secret as a
 * string, jsonwebtoken first tries it as a PEM key (private, then public) and
 * makes the secret key only after those throw: about 0.5 ms of CPU on every
 * sign and verify, which a reconnect storm of thousands of sockets pays per
 * handshake (docs/benchmarks.md, "Chat throughput").
 */
export function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

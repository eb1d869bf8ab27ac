import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Which peers may tell us the client's address in X-Forwarded-For:
 * nobody (the default: every address limit then counts the TCP peer), a
 * number of proxy hops, or a list of addresses, subnets and proxy-addr's
 * names (loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY: empty or "false" → false; "1" → one hop; "loopback, 10.0.0.0/8" → that list. */
export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    proxyaddr.compile(list);
  } catch (error) {
    return new Error(`TRUST_PROXY: ${(error as Error).message}`);
  }
  return list;
}

/** The trust function Express and proxy-addr use for a setting. */
export function trustFunction(setting: TrustProxy): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting);
}

/** The client's address of a request by the same rule as Express's req.ip (a socket's handshake). */
export function clientAddress(request: IncomingMessage, setting: TrustProxy): string {
  return proxyaddr(request, trustFunction(setting)) || 'unknown';
}

import type http from 'node:http';
import { AppError } from '../../http/app-error';
import { clientAddress as addressOf, type TrustProxy } from '../../http/trust-proxy';

/** The client's address of a handshake: X-Forwarded-For as far as TRUST_PROXY's proxies wrote it (as for REST). */
export const clientAddress = (request: http.IncomingMessage, trust: TrustProxy): string => addressOf(request, trust);

/** One cap a socket counts against: a key (account, guest, address) and how many sockets it may hold. */
export interface Cap {
  key: string;
  limit: number;
}

/**
 * Open sockets per key, in this process. A socket claims a place under each
 * of its keys when its handshake is accepted and gives them back once (on
 * disconnect, or when the connection closes before the socket connected).
 */
export class ConnectionCaps {
  private readonly open = new Map<string, number>();

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** Refuses with TOO_MANY_CONNECTIONS (and the limit) when one of the caps is full. */
  check(caps: Cap[]): void {
    for (const cap of caps)
      if (this.count(cap.key) >= cap.limit)
        throw new AppError('TOO_MANY_CONNECTIONS', { values: { limit: cap.limit } });
  }

  /** Checks, then takes a place under every cap; the answer gives them back (once). */
  claim(caps: Cap[]): () => void {
    this.check(caps);
    for (const { key } of caps) this.open.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const { key } of caps) {
        const left = this.count(key) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}

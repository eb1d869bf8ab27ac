import { performance } from 'node:perf_hooks';
import type { ApiErrorBody, ClientEventName, Locale } from '@tsudoi/common';
import { EVENT_CLASS, EVENT_CLASSES, EVENT_COST, type EventClass, type SocketLimits } from './limits';
import { TokenBucket } from './token-bucket';
import { withinShape } from './payload-shape';
import type { GuardContext } from './guard-context';

/** What becomes of one incoming request. */
export type Admission =
  /** Run it; call `done()` once it is answered. */
  | { kind: 'run'; eventClass: EventClass; done: () => void }
  /** Answer this refusal and do not run it. */
  | { kind: 'refuse'; body: ApiErrorBody }
  /** Neither run nor answer it (no acknowledgement to answer, or the socket is flooding). */
  | { kind: 'drop' };

const DROP: Admission = { kind: 'drop' };

/** Identifies a socket in the log lines of its refusals. */
export interface GuardedSocket {
  id: string;
  userId: number | undefined;
  /** Whose budget the socket spends: `account:<userId>`, `guest:<participant>` (or `socket:<id>`). */
  accountKey: string;
  locale: () => Locale;
  /** Ends the socket (a flood): no more events are read from it. */
  disconnect: () => void;
  /** Packets and bytes written to the socket and not yet sent (a client that does not read). */
  backlog: () => { packets: number; bytes: number };
}

/**
 * The limits of one socket (realtime/guard/limits.ts), checked synchronously
 * before a request runs: its class's token bucket, an acknowledgement to
 * answer, the requests it has in flight and the payload's shape. Each refusal
 * counts; a socket refused `flood.refusals` times within `flood.window`
 * seconds, or whose answers pile up unread, is flooding: from then on it gets
 * no answers and is disconnected.
 */
export class SocketGuard {
  private readonly buckets: Record<EventClass, TokenBucket>;
  private readonly unknownBucket: TokenBucket;
  private readonly inFlight = { media: 0, other: 0 };
  private refusals = 0;
  private windowStart: number;
  private flooding = false;

  constructor(
    private readonly ctx: GuardContext,
    private readonly socket: GuardedSocket,
    private readonly now: () => number = () => performance.now(),
  ) {
    const limits: SocketLimits = ctx.limits;
    this.buckets = Object.fromEntries(EVENT_CLASSES.map((c) => [c, new TokenBucket(limits.socket[c], now)])) as Record<
      EventClass,
      TokenBucket
    >;
    this.unknownBucket = new TokenBucket(limits.unknown, now);
    this.windowStart = now();
  }

  get isFlooding(): boolean {
    return this.flooding;
  }

  /** The synchronous checks of a request of a known event, in order of cost. */
  admit(event: ClientEventName, hasAck: boolean, payload: unknown): Admission {
    if (this.flooding) return DROP;
    const eventClass = EVENT_CLASS[event];
    const bucket = this.buckets[eventClass];
    const cost = EVENT_COST[event] ?? 1;
    const allowed = bucket.take(cost); // an event without an acknowledgement spends its class's budget too
    if (!hasAck) {
      this.ctx.log.warn(
        'noAck',
        { event, socketId: this.socket.id, userId: this.socket.userId },
        'socket request without acknowledgement dropped',
      );
      this.count();
      return DROP;
    }
    if (!allowed) return this.refuse(event, 'rate', this.ctx.bodies.rateLimited(this.locale(), bucket.waitMs(cost)));
    const slot = eventClass === 'media' ? 'media' : 'other';
    if (this.inFlight[slot] >= this.ctx.limits.inFlight[slot])
      return this.refuse(event, 'inFlight', this.ctx.bodies.pending(this.locale()));
    if (!withinShape(payload, this.ctx.limits.payload))
      return this.refuse(event, 'shape', this.ctx.bodies.tooComplex(this.locale()));
    if (this.checkBacklog()) return DROP;
    this.inFlight[slot] += 1;
    let done = false;
    return {
      kind: 'run',
      eventClass,
      done: () => {
        if (done) return;
        done = true;
        this.inFlight[slot] -= 1;
      },
    };
  }

  /**
   * Spends the request from its account's budget (all the account's sockets,
   * every server process with Redis): undefined when allowed, else the refusal.
   */
  async spendAccount(event: ClientEventName, eventClass: EventClass): Promise<Admission | undefined> {
    const waitMs = await this.ctx.accounts.spend(eventClass, this.socket.accountKey, EVENT_COST[event] ?? 1);
    if (waitMs === undefined) return undefined;
    return this.refuse(event, 'accountRate', this.ctx.bodies.rateLimited(this.locale(), waitMs));
  }

  /** An event nobody handles: counted against its own small budget, never answered. */
  unknown(event: string): void {
    if (this.flooding) return;
    this.ctx.log.warn(
      'unknownEvent',
      { event: event.slice(0, 64), socketId: this.socket.id, userId: this.socket.userId },
      'socket event without a handler dropped',
    );
    if (!this.unknownBucket.take()) this.count();
  }

  /** Requests of this socket started and not yet answered. */
  pending(): { media: number; other: number } {
    return { ...this.inFlight };
  }

  private locale(): Locale {
    return this.socket.locale();
  }

  private refuse(event: ClientEventName, reason: string, body: ApiErrorBody): Admission {
    this.ctx.log.warn(
      `refused:${reason}`,
      { event, code: body.code, socketId: this.socket.id, userId: this.socket.userId },
      'socket request refused',
    );
    return this.count() ? { kind: 'refuse', body } : DROP;
  }

  /** Counts one refusal; false once the socket is flooding (and so disconnected). */
  private count(): boolean {
    const t = this.now();
    if (t - this.windowStart >= this.ctx.limits.flood.window * 1000) {
      this.windowStart = t;
      this.refusals = 0;
    }
    this.refusals += 1;
    if (this.refusals <= this.ctx.limits.flood.refusals) return true;
    this.flood('refusals');
    return false;
  }

  /** Answers piled up unread: the client does not read (or cannot keep up); treated as a flood. */
  checkBacklog(): boolean {
    const { packets, bytes } = this.socket.backlog();
    const max = this.ctx.limits.backlog;
    if (packets <= max.packets && bytes <= max.bytes) return false;
    this.flood('backlog');
    return true;
  }

  private flood(reason: 'refusals' | 'backlog'): void {
    if (this.flooding) return;
    this.flooding = true;
    this.ctx.floods.set(reason, (this.ctx.floods.get(reason) ?? 0) + 1);
    this.ctx.handshakes.coolDown(this.socket.accountKey);
    this.ctx.log.warn(
      `flood:${reason}`,
      { socketId: this.socket.id, userId: this.socket.userId, reason },
      'flooding socket disconnected',
    );
    this.socket.disconnect();
  }
}

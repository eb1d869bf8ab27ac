import type { ClientEventName } from '@tsudoi/common';

/**
 * What a socket request costs the server, and so how often it may come:
 * - move: a room or status change (the live floor also applies its own
 *   MOVE_RATE, 20 at once then 10 a second, which is tighter);
 * - read: a database read or a small bookkeeping write (chat history, pages,
 *   read markers, the clock ping);
 * - write: a change others see (messages, invitations, kick-outs, joins);
 * - media: the SFU signalling of one room (one consume per producer of the
 *   room, so a full room of 50 asks for about 100 at once).
 */
export type EventClass = 'move' | 'read' | 'write' | 'media';
export const EVENT_CLASSES: readonly EventClass[] = ['move', 'read', 'write', 'media'];

/** Every client event has a class: a new event does not type-check until it is given one. */
export const EVENT_CLASS: Record<ClientEventName, EventClass> = {
  'system:ping': 'read',
  'floor:joinOffice': 'write',
  'floor:joinRoom': 'move',
  'floor:updateUser': 'move',
  'profile:update': 'write',
  'floor:leave': 'write',
  'floor:setView': 'read',
  'floor:kickOut': 'write',
  'floor:dismissGuest': 'write',
  'floor:inviteToRoom': 'write',
  'floor:cancelInvite': 'write',
  'floor:answerInvite': 'write',
  'chat:getHistoryConversations': 'read',
  'chat:join': 'read',
  'chat:getMessages': 'read',
  'chat:getLastRead': 'read',
  'chat:sendMessage': 'write',
  'chat:seenMessage': 'read',
  'chat:editMessage': 'write',
  'chat:unsendMessage': 'write',
  'chat:getConversation': 'read',
  'chat:clearRoomConversation': 'write',
  'chat:getConversationAndMessages': 'read',
  'chat:leave': 'read',
  'media:capabilities': 'media',
  'media:join': 'media',
  'media:createTransport': 'media',
  'media:connectTransport': 'media',
  'media:produce': 'media',
  'media:closeProducer': 'media',
  'media:consume': 'media',
  'media:resumeConsumer': 'media',
  'media:pauseConsumer': 'media',
  'media:setPreferredLayers': 'media',
  'media:leave': 'media',
  'media:turnOffAll': 'write',
  'media:request': 'write',
  'media:cancelRequest': 'write',
  'media:answerRequest': 'write',
  'media:listRequests': 'read',
  'recording:start': 'write',
  'recording:stop': 'write',
  'recording:list': 'read',
  'appointment:lobby': 'read',
  'appointment:knock': 'write',
  'appointment:admit': 'write',
  'appointment:reject': 'write',
  // the stage (features/stage): presentations and their Q&A
  'presentation:start': 'write',
  'presentation:join': 'write',
  'presentation:leave': 'write',
  'presentation:stop': 'write',
  'presentation:get': 'read',
  'presentation:ask': 'write',
  'presentation:vote': 'write',
  'presentation:hide': 'write',
  'presentation:mark': 'write',
  'presentation:remove': 'write',
  'presentation:demote': 'write',
  'presentation:view': 'write',
  'presentation:request': 'write',
  'presentation:admit': 'write',
  'presentation:deny': 'write',
  'presentation:call': 'write',
  'conference:start': 'write',
  'conference:join': 'write',
  'conference:leave': 'write',
  'conference:stop': 'write',
};

/**
 * What a request spends of its class's budgets (1 unless listed): the reads
 * that run many queries cost more, so a flood of them reaches the database
 * less often than a flood of cheap ones.
 */
export const EVENT_COST: Partial<Record<ClientEventName, number>> = {
  /** Every conversation of the account, each checked and summed up: about ten queries for a few conversations. */
  'chat:getHistoryConversations': 10,
  /** Opens a conversation and reads its first page. */
  'chat:getConversationAndMessages': 4,
  'chat:join': 2,
  'chat:getMessages': 2,
};

/** A token bucket: `burst` at once, refilled at `perSecond`. */
export interface BucketLimit {
  burst: number;
  perSecond: number;
}
/** A counter over a fixed window (rate-limiter-flexible): `points` per `duration` seconds. */
export interface WindowLimit {
  points: number;
  duration: number;
}
/** `perSecond` in each second, plus `burst` more over `burstWindow` seconds (rate-limiter-flexible's BurstyRateLimiter). */
export interface BurstyLimit {
  perSecond: number;
  burst: number;
  burstWindow: number;
}

export interface SocketLimits {
  /** Per socket and class: refused beyond it with RATE_LIMITED and the wait. */
  socket: Record<EventClass, BucketLimit>;
  /**
   * Per account (a guest's is their guest user) and class over all its
   * sockets, shared through Redis when there is one: about what one person
   * does, so twelve sockets of one account get no more than one.
   */
  account: Record<EventClass, BurstyLimit>;
  /** Requests of one socket started and not yet answered: beyond it TOO_MANY_PENDING_REQUESTS. */
  inFlight: { media: number; other: number };
  /** Events nobody handles (a made-up name), per socket: counted and dropped without an answer. */
  unknown: BucketLimit;
  /** Payload shape: nesting depth and the number of values (objects, arrays and primitives). */
  payload: { depth: number; nodes: number };
  /** Bytes of one Socket.IO message (Socket.IO's maxHttpBufferSize): beyond it the connection is closed. */
  maxMessageBytes: number;
  /**
   * A socket refused this many times within `window` seconds is flooding: it
   * gets no more answers and is disconnected (a real client backs off long
   * before), and its account or guest may not connect again for `cooldown`
   * seconds (RATE_LIMITED).
   */
  flood: { refusals: number; window: number; cooldown: number };
  /**
   * Answers and events written to one socket and not yet sent: a client that
   * stops reading is disconnected before its backlog grows the server's memory.
   */
  backlog: { packets: number; bytes: number };
  /** Open sockets at once: per account, per guest participant, per client address. */
  sockets: { perAccount: number; perGuest: number; perAddress: number };
  /**
   * Handshakes per client address, counted before the token is checked (a
   * reconnect storm costs no database lookups); as many as the address's
   * socket cap may reconnect at once after a restart.
   */
  handshakes: WindowLimit;
  /**
   * Handshakes per account and per account-less guest identity, counted
   * before the token is checked (issue 25 §7): a person's tabs reconnecting
   * after a blip pass; one identity reconnecting in a loop is refused
   * before it costs a database lookup, and many identities of one address
   * still share that address's budget.
   */
  identityHandshakes: { account: WindowLimit; guest: WindowLimit };
  /**
   * Handshakes of account-less guests per client address, whatever identity
   * (issue 25 §7): identities minted in bulk share one small budget, while a
   * whole office behind one address joining a public event still gets in.
   */
  guestHandshakesPerAddress: WindowLimit;
  /** The same in a short window: the budget comes a few at a time, not all at once. */
  guestHandshakeBurstPerAddress: WindowLimit;
  /**
   * An address answered RATE_LIMITED this many times in its handshake window
   * is not answered any more: its new connections are dropped before a
   * Socket.IO session exists (a reconnect storm costs next to nothing).
   */
  handshakeDropAfter: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  socket: {
    move: { burst: 40, perSecond: 20 },
    read: { burst: 40, perSecond: 10 },
    write: { burst: 60, perSecond: 5 },
    media: { burst: 400, perSecond: 50 },
  },
  account: {
    move: { perSecond: 12, burst: 30, burstWindow: 10 },
    read: { perSecond: 20, burst: 100, burstWindow: 10 },
    write: { perSecond: 5, burst: 100, burstWindow: 10 },
    media: { perSecond: 100, burst: 1000, burstWindow: 10 },
  },
  inFlight: { media: 160, other: 32 },
  unknown: { burst: 10, perSecond: 1 },
  payload: { depth: 10, nodes: 5000 },
  maxMessageBytes: 128 * 1024,
  flood: { refusals: 200, window: 10, cooldown: 30 },
  backlog: { packets: 1000, bytes: 8 * 1024 * 1024 },
  sockets: { perAccount: 12, perGuest: 6, perAddress: 250 },
  handshakes: { points: 300, duration: 60 },
  identityHandshakes: { account: { points: 60, duration: 60 }, guest: { points: 20, duration: 60 } },
  guestHandshakesPerAddress: { points: 40, duration: 60 },
  guestHandshakeBurstPerAddress: { points: 10, duration: 10 },
  handshakeDropAfter: 30,
};

import type { z } from 'zod';
import type { Ack, ClientEventName, ClientToServerEvents } from '@tsudoi/common';
import type { Logger } from '../lib/logger';
import { AppError } from '../http/app-error';
import { errorBody, toAppError } from '../http/error-handler';
import { guardOf } from './guard/install';
import type { SocketGuard } from './guard/socket-guard';
import type { EventClass } from './guard/limits';
import type { IoSocket } from './types';

type PayloadOf<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
type AnswerOf<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[1] extends (answer: Ack<infer T>) => void
  ? T
  : never;
type Reply = (answer: Ack<unknown>) => void;
type Handler = (payload: unknown, socket: IoSocket) => unknown;

/**
 * The request routes, shared by every socket of the process: an event's
 * number (its place in each socket's handler list) and its payload schema.
 * An event has one schema (common's), whichever socket registers it.
 */
const slots = new Map<string, number>();
const schemas: z.ZodType[] = [];

/** One socket's handlers, by event number, and the logger of its failures. */
interface Routes {
  logger: Logger;
  handlers: (Handler | undefined)[];
}
const routes = new WeakMap<IoSocket, Routes>();

/**
 * Registers a typed socket request handler. Every request first passes the
 * socket's guard (realtime/guard: its class's rate per socket, an
 * acknowledgement, the requests in flight, the payload's depth and size, then
 * the account's rate over all its sockets); a refusal is answered with its
 * catalogue code (RATE_LIMITED with `retryAfterS`, TOO_MANY_PENDING_REQUESTS,
 * VALIDATION_FAILED) and the handler never runs. A request without an
 * acknowledgement callback is dropped and logged (a few lines, then counted).
 * Then the payload is validated with its zod schema; the answer goes back
 * through the acknowledgement as {ok:true,data} or {ok:false,error:{code,message}}.
 *
 * A registration costs the socket one entry in its handler list: no listener,
 * closure or Socket.IO handler per event (a server keeps thousands of idle
 * sockets with ~90 events each). The socket's router (`routeRequests`) finds
 * the handler when a request comes.
 */
export function on<E extends ClientEventName>(
  socket: IoSocket,
  event: E,
  schema: z.ZodType<PayloadOf<E>>,
  handler: (payload: PayloadOf<E>, socket: IoSocket) => Promise<AnswerOf<E>> | AnswerOf<E>,
  logger: Logger,
): void {
  let slot = slots.get(event);
  if (slot === undefined) {
    slot = schemas.length;
    slots.set(event, slot);
  }
  schemas[slot] = schema;
  let table = routes.get(socket);
  if (!table) routes.set(socket, (table = { logger, handlers: [] }));
  table.handlers[slot] = handler as Handler;
}

/**
 * The socket's request router, a Socket.IO middleware installed before any
 * other: a request registered with `on` is admitted and answered here (and
 * goes no further), anything else goes on to the next middleware.
 */
export function routeRequests(socket: IoSocket): (packet: unknown[], next: (err?: Error) => void) => void {
  return (packet, next) => {
    const slot = slots.get(packet[0] as string);
    const table = slot === undefined ? undefined : routes.get(socket);
    const handler = table?.handlers[slot!];
    if (!handler) return next();
    // a packet read before the disconnect, dispatched after it, is ignored (as Socket.IO does)
    if (!socket.connected) return;
    try {
      admit(socket, packet, slot!, handler, table!.logger);
    } catch (err) {
      // a throw here would reach Socket.IO's packet handler and end the process
      table!.logger.error({ err, event: packet[0], socketId: socket.id }, 'socket request not admitted');
    }
  };
}

/** Not async: a refused request (the common case of a flood) costs no promise. */
function admit(socket: IoSocket, packet: unknown[], slot: number, handler: Handler, logger: Logger): void {
  const event = packet[0] as ClientEventName;
  const ack = packet[packet.length - 1];
  const hasAck = packet.length > 1 && typeof ack === 'function';
  const payload = hasAck && packet.length === 2 ? undefined : packet[1];
  const reply = ack as Reply;
  const guard = guardOf(socket);
  if (!guard) {
    if (!hasAck) logger.warn({ event, socketId: socket.id }, 'socket request without acknowledgement dropped');
    else void run({ socket, event, schema: schemas[slot]!, handler, logger }, payload, reply);
    return;
  }
  const admission = guard.admit(event, hasAck, payload);
  if (admission.kind === 'drop') return;
  if (admission.kind === 'refuse') return reply({ ok: false, error: admission.body });
  const request = { socket, event, schema: schemas[slot]!, handler, logger };
  void run(request, payload, reply, guard, admission.eventClass).finally(admission.done);
}

interface Request {
  socket: IoSocket;
  event: ClientEventName;
  schema: z.ZodType;
  handler: Handler;
  logger: Logger;
}

async function run(request: Request, payload: unknown, reply: Reply, guard?: SocketGuard, eventClass?: EventClass) {
  const { socket, event, schema, handler, logger } = request;
  const locale = socket.data.locale ?? 'ja';
  try {
    if (guard && eventClass) {
      const refusal = await guard.spendAccount(event, eventClass);
      if (refusal?.kind === 'refuse') return reply({ ok: false, error: refusal.body });
      if (refusal) return;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw parsed.error;
    const data = await handler(parsed.data, socket);
    reply({ ok: true, data });
  } catch (error) {
    const appError = toAppError(error, locale);
    if (appError.status >= 500) logger.error({ err: error, event }, 'socket request failed');
    reply({ ok: false, error: errorBody(appError, locale) });
  }
}

export { AppError };

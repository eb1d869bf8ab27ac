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
type Reply<T> = (answer: Ack<T>) => void;

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
 */
export function on<E extends ClientEventName>(
  socket: IoSocket,
  event: E,
  schema: z.ZodType<PayloadOf<E>>,
  handler: (payload: PayloadOf<E>, socket: IoSocket) => Promise<AnswerOf<E>> | AnswerOf<E>,
  logger: Logger,
): void {
  const run = async (payload: unknown, reply: Reply<AnswerOf<E>>, guard?: SocketGuard, eventClass?: EventClass) => {
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
  };

  // not async: a refused request (the common case of a flood) costs no promise
  const listener = (...args: unknown[]) => {
    try {
      admit(args);
    } catch (err) {
      // a throw here would reach Socket.IO's message handler and end the process
      logger.error({ err, event, socketId: socket.id }, 'socket request not admitted');
    }
  };
  const admit = (args: unknown[]) => {
    const ack = args.at(-1);
    const hasAck = typeof ack === 'function';
    const payload = hasAck ? (args.length > 1 ? args[0] : undefined) : args[0];
    const reply = ack as Reply<AnswerOf<E>>;
    const guard = guardOf(socket);
    if (!guard) {
      if (!hasAck) logger.warn({ event, socketId: socket.id }, 'socket request without acknowledgement dropped');
      else void run(payload, reply);
      return;
    }
    const admission = guard.admit(event, hasAck, payload);
    if (admission.kind === 'drop') return;
    if (admission.kind === 'refuse') return reply({ ok: false, error: admission.body });
    void run(payload, reply, guard, admission.eventClass).finally(admission.done);
  };
  // Socket.IO's typed `on` cannot express a generic event name; the listener is checked above.
  (socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on(event, listener);
}

export { AppError };

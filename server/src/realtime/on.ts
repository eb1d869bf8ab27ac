import type { z } from 'zod';
import type { Ack, ClientEventName, ClientToServerEvents } from '@tsudoi/common';
import type { Logger } from '../lib/logger';
import { AppError } from '../http/app-error';
import { errorBody, toAppError } from '../http/error-handler';
import type { IoSocket } from './types';

type PayloadOf<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
type AnswerOf<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[1] extends (answer: Ack<infer T>) => void
  ? T
  : never;

/**
 * Registers a typed socket request handler. The payload is validated with its
 * zod schema before the handler runs; the answer goes back through the
 * acknowledgement as {ok:true,data} or {ok:false,error:{code,message}}.
 * A request without an acknowledgement callback is dropped and logged.
 */
export function on<E extends ClientEventName>(
  socket: IoSocket,
  event: E,
  schema: z.ZodType<PayloadOf<E>>,
  handler: (payload: PayloadOf<E>, socket: IoSocket) => Promise<AnswerOf<E>> | AnswerOf<E>,
  logger: Logger,
): void {
  const listener = async (...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof ack !== 'function') {
      logger.warn({ event, socketId: socket.id }, 'socket request without acknowledgement dropped');
      return;
    }
    const reply = ack as (answer: Ack<AnswerOf<E>>) => void;
    const locale = socket.data.locale ?? 'ja';
    try {
      const parsed = schema.safeParse(args.length > 1 ? args[0] : undefined);
      if (!parsed.success) throw parsed.error;
      const data = await handler(parsed.data, socket);
      reply({ ok: true, data });
    } catch (error) {
      const appError = toAppError(error, locale);
      if (appError.status >= 500) logger.error({ err: error, event }, 'socket request failed');
      reply({ ok: false, error: errorBody(appError, locale) });
    }
  };
  // Socket.IO's typed `on` cannot express a generic event name; the listener is checked above.
  (socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on(event, listener);
}

export { AppError };

import type { ApiErrorBody, ClientEventName, ErrorCode } from '@tsudoi/common';
import { send, type AppSocket, type PayloadOf } from '../../services/socket';

/** A refused media:* request (its catalogue code and the server's message in the user's language). */
export class MediaRequestError extends Error {
  override name = 'MediaRequestError';
  readonly code: ErrorCode;
  constructor(error: ApiErrorBody) {
    super(error.message);
    this.code = error.code;
  }
}

/** A media:* request whose answer is checked by `parse` (zod at the boundary); a refusal throws MediaRequestError. */
export async function ask<E extends ClientEventName, T>(
  socket: AppSocket,
  event: E,
  payload: PayloadOf<E>,
  parse: (data: unknown) => T,
): Promise<T> {
  const answer = await send(socket, event, payload);
  if (!answer.ok) throw new MediaRequestError(answer.error);
  return parse(answer.data);
}

/** A zod schema, as far as checking an event goes. */
export interface Checks<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}
export type Listen = <T>(schema: Checks<T>, event: string, run: (payload: T) => void) => void;

/** Listens to a server event whose payload `schema` accepts (others are dropped); answers the unsubscribe. */
export function onEvent<T>(socket: AppSocket, schema: Checks<T>, event: string, run: (payload: T) => void): () => void {
  const loose = socket as unknown as {
    on(e: string, l: (p: unknown) => void): void;
    off(e: string, l: (p: unknown) => void): void;
  };
  const listener = (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) run(parsed.data);
  };
  loose.on(event, listener);
  return () => loose.off(event, listener);
}

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

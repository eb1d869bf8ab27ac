import { SOCKET_REQUEST_TIMEOUT_MS } from '../../domain/constants';
import type { Ack } from './ack';

/** The part of a Socket.IO client socket a request needs. */
export interface AckEmitter {
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
}

/**
 * Sends a request and waits for its acknowledgement. With no answer within
 * the timeout (10000 ms, spec §9.1) it answers the catalogue's TIMED_OUT
 * error, whose text is 'Timed Out'.
 */
export async function request<T>(
  socket: AckEmitter,
  event: string,
  payload: unknown,
  timeoutMs = SOCKET_REQUEST_TIMEOUT_MS,
): Promise<Ack<T>> {
  try {
    return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Ack<T>;
  } catch {
    return { ok: false, error: { code: 'TIMED_OUT', message: 'Timed Out' } };
  }
}

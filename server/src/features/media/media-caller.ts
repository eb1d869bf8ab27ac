import { z } from 'zod';
import type { MediaServerEvents } from '@tsudoi/common';
import type { IoServer, IoSocket } from '../../realtime/types';

/** Who a media request is for, as it travels to the floor's media home (JSON). */
export const callerSchema = z.object({
  /** The socket's id: unique over every process of the deployment. */
  id: z.string().min(1).max(64),
  floorId: z.number().int().positive(),
  userId: z.number().int().positive(),
  visitor: z.boolean(),
});
export type CallerData = z.infer<typeof callerSchema>;

/**
 * The socket a peer's media belongs to, wherever it is connected: here (a
 * socket of this process) or on another process of the deployment, whose
 * events reach it through the Socket.IO Redis adapter (its own room, named
 * by its id). The process the socket is on checks that it is on the floor
 * before it asks; the media home trusts the other processes of its deployment.
 */
export interface MediaCaller extends CallerData {
  emit<E extends keyof MediaServerEvents>(event: E, ...args: Parameters<MediaServerEvents[E]>): void;
  /** Still connected (a caller on another process counts as connected until that process says it left). */
  connected(): boolean;
}

export function localCaller(socket: IoSocket): MediaCaller {
  return {
    id: socket.id,
    floorId: socket.data.floorId ?? 0,
    userId: socket.data.userId ?? 0,
    visitor: socket.data.visitor === true,
    emit: (event, ...args) => socket.emit(event, ...args),
    connected: () => socket.connected,
  };
}

/** A socket of another process: events go through the adapter to the socket's own room. */
export function remoteCaller(io: () => IoServer | undefined, data: CallerData): MediaCaller {
  return {
    ...data,
    emit: (event, ...args) =>
      io()
        ?.to(data.id)
        .emit(event, ...args),
    connected: () => true,
  };
}

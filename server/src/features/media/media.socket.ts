import { mediaSchemas } from '@tsudoi/common';
import type { Logger } from '../../lib/logger';
import { on } from '../../realtime/on';
import type { IoSocket } from '../../realtime/types';
import type { MediaGateway } from './media-gateway';
import type { PeerEvent } from './media-ops';

/**
 * The media:* handlers (answered here or at the floor's media home), made
 * once and registered on each socket; its media ends when it disconnects.
 */
export function mediaHandlers(media: MediaGateway, logger: Logger): (socket: IoSocket) => void {
  const handlers = (Object.keys(mediaSchemas) as PeerEvent[]).map(
    (event) => [event, (p: unknown, socket: IoSocket) => media.call(socket, event, p as never)] as const,
  );
  return (socket) => {
    for (const [event, handler] of handlers) on(socket, event, mediaSchemas[event] as never, handler as never, logger);
    socket.on('disconnect', () => media.leave(socket));
  };
}

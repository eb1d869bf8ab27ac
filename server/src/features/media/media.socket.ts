import { mediaSchemas } from '@tsudoi/common';
import type { Logger } from '../../lib/logger';
import { on } from '../../realtime/on';
import type { IoSocket } from '../../realtime/types';
import type { MediaService } from './media-service';

/** media:* handlers of one socket; its media ends when it disconnects. */
export function registerMediaHandlers(media: MediaService, logger: Logger, socket: IoSocket): void {
  const s = mediaSchemas;
  on(socket, 'media:join', s['media:join'], () => media.join(socket), logger);
  on(
    socket,
    'media:createTransport',
    s['media:createTransport'],
    (p) => media.createTransport(socket, p.direction),
    logger,
  );
  on(
    socket,
    'media:connectTransport',
    s['media:connectTransport'],
    (p) => media.connectTransport(socket, p.transportId, p.dtlsParameters),
    logger,
  );
  on(
    socket,
    'media:produce',
    s['media:produce'],
    (p) => media.produce(socket, { ...p, source: p.appData.source }),
    logger,
  );
  on(socket, 'media:closeProducer', s['media:closeProducer'], (p) => media.closeProducer(socket, p.producerId), logger);
  on(
    socket,
    'media:consume',
    s['media:consume'],
    (p) => media.consume(socket, p.producerId, p.rtpCapabilities, p.spatialLayer),
    logger,
  );
  on(
    socket,
    'media:resumeConsumer',
    s['media:resumeConsumer'],
    (p) => media.resumeConsumer(socket, p.consumerId),
    logger,
  );
  on(socket, 'media:pauseConsumer', s['media:pauseConsumer'], (p) => media.pauseConsumer(socket, p.consumerId), logger);
  on(
    socket,
    'media:setPreferredLayers',
    s['media:setPreferredLayers'],
    (p) => media.setPreferredLayers(socket, p),
    logger,
  );
  on(socket, 'media:leave', s['media:leave'], () => media.leave(socket), logger);
  socket.on('disconnect', () => media.leave(socket));
}

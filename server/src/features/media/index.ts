import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import type { WorkerPool } from '../../media/worker-pool';
import type { IoServer, IoSocket } from '../../realtime/types';
import type { FloorLive } from '../floors/live';
import { mediaHandlers } from './media.socket';
import { MediaGateway, type MediaCluster } from './media-gateway';
import { MediaService, type MediaServiceDeps } from './media-service';
import { MediaRequests } from './media-requests';
import { registerMediaRequestHandlers } from './media-requests.socket';

const NO_TURN: MediaServiceDeps['turn'] = { urls: [], credentials: null, policy: 'all' };

export interface MediaFeatureDeps {
  models: Models;
  pool: WorkerPool;
  logger: Logger;
  live: Pick<FloorLive, 'watchPlaces'>;
  turn?: MediaServiceDeps['turn'];
  peersPerRouter?: number;
  /** With several processes (REDIS_URL): each floor's media lives on one of them (media-gateway.ts). */
  cluster?: MediaCluster;
}

/**
 * Camera, microphone and screen through mediasoup: `register` is the
 * per-socket handler list entry; room moves and leaves of the live floor
 * end the peers they concern. With several processes, a floor's media
 * lives on its media home and the others forward their sockets' requests
 * there (`gateway`); `attach` gives it Socket.IO, `handOver` (SIGTERM)
 * sends the clients whose media is here to another process.
 */
export function createMedia(deps: MediaFeatureDeps) {
  const { models, pool, logger, live, turn = NO_TURN, peersPerRouter, cluster } = deps;
  const service = new MediaService({ models, pool, logger, turn, peersPerRouter });
  const gateway = new MediaGateway(service, logger, cluster);
  live.watchPlaces((change) => gateway.placeChanged(change));
  const requests = new MediaRequests(models);
  live.watchPlaces((change) => requests.placeChanged(change));
  const registerMedia = mediaHandlers(gateway, logger);
  return {
    service,
    gateway,
    requests,
    register: (socket: IoSocket) => {
      registerMedia(socket);
      registerMediaRequestHandlers({ models, media: gateway, requests, logger }, socket);
    },
    attach: (io: IoServer) => gateway.attach(io),
    handOver: () => gateway.handOver(),
    close: () => service.closeAll(),
  };
}
export type MediaFeature = ReturnType<typeof createMedia>;

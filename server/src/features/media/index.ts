import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import type { WorkerPool } from '../../media/worker-pool';
import type { IoSocket } from '../../realtime/types';
import type { FloorLive } from '../floors/live';
import { registerMediaHandlers } from './media.socket';
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
}

/**
 * Camera, microphone and screen through mediasoup: `register` is the
 * per-socket handler list entry; room moves and leaves of the live floor
 * end the peers they concern.
 */
export function createMedia({ models, pool, logger, live, turn = NO_TURN, peersPerRouter }: MediaFeatureDeps) {
  const service = new MediaService({ models, pool, logger, turn, peersPerRouter });
  live.watchPlaces((change) => service.placeChanged(change));
  const requests = new MediaRequests(models);
  live.watchPlaces((change) => requests.placeChanged(change));
  return {
    service,
    requests,
    register: (socket: IoSocket) => {
      registerMediaHandlers(service, logger, socket);
      registerMediaRequestHandlers({ models, media: service, requests, logger }, socket);
    },
    close: () => service.closeAll(),
  };
}
export type MediaFeature = ReturnType<typeof createMedia>;

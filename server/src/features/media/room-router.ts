import type { types as ms } from 'mediasoup';
import type { PooledWorker } from '../../media/worker-pool';

/** One router of a room, on one worker (its WebRtcServer carries the transports of the peers placed on it). */
export interface RoomRouter {
  router: ms.Router;
  slot: PooledWorker;
  /** Peers whose transports are on this router. */
  peers: number;
}

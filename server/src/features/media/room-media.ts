import type { types as ms } from 'mediasoup';
import type { MediaProducerInfo } from '@tsudoi/common';
import type { PooledWorker } from '../../media/worker-pool';
import type { PeerMedia, ProducerData } from './peer-media';
import type { RoomSpeaking } from './room-speaking';

/**
 * The media of one floor room: one router on one worker (its WebRtcServer
 * carries every transport), the peers in the room, and who shares a screen
 * (one sharer per room, spec §4).
 */
export class RoomMedia {
  readonly peers = new Map<string, PeerMedia>();
  /** The socket id that holds the room's screen share (reserved before produce resolves). */
  screenSharer: string | undefined;
  /** Who is speaking (set once the room's audio level observer exists). */
  speaking: RoomSpeaking | undefined;

  constructor(
    readonly roomId: number,
    readonly router: ms.Router,
    readonly slot: PooledWorker,
  ) {}

  get closed(): boolean {
    return this.router.closed;
  }

  /** A producer of someone in this room (not `except`), or undefined. */
  producer(
    producerId: string,
    except?: PeerMedia,
  ): { peer: PeerMedia; producer: ms.Producer<ProducerData> } | undefined {
    for (const peer of this.peers.values()) {
      if (peer === except) continue;
      const producer = peer.producers.get(producerId);
      if (producer) return { peer, producer };
    }
    return undefined;
  }

  /** Tells everyone in the room who is speaking now. */
  announceSpeakers(userIds: readonly number[]): void {
    const payload = { roomId: this.roomId, userIds: [...userIds] };
    for (const peer of this.peers.values()) if (!peer.closed) peer.socket.emit('media:speaking', payload);
  }

  /** Every producer in the room but those of `except`, as offered to a peer. */
  producersFor(except: PeerMedia): MediaProducerInfo[] {
    return [...this.peers.values()]
      .filter((peer) => peer !== except)
      .flatMap((peer) => [...peer.producers.values()].map(toProducerInfo));
  }
}

export const toProducerInfo = (producer: ms.Producer<ProducerData>): MediaProducerInfo => ({
  producerId: producer.id,
  userId: producer.appData.userId,
  kind: producer.kind,
  source: producer.appData.source,
  paused: producer.paused,
});

import type { types as ms } from 'mediasoup';
import type { MediaProducerInfo } from '@tsudoi/common';
import type { PooledWorker } from '../../media/worker-pool';
import type { RoomRouter } from './room-router';
import type { PeerMedia, ProducerData } from './peer-media';
import type { RoomSpeaking } from './room-speaking';

/**
 * The media of one floor room: its routers (the first, the primary, holds
 * every producer of the room: the speaking observer and the recorder read
 * it there; a room with more peers than one router takes gets more routers
 * on other workers, joined with pipeToRouter — media-rooms.ts), the peers in
 * the room, and who shares a screen (one sharer per room, spec §4).
 */
export class RoomMedia {
  readonly peers = new Map<string, PeerMedia>();
  /** The socket id that holds the room's screen share (reserved before produce resolves). */
  screenSharer: string | undefined;
  /** Who is speaking (set once the room's audio level observer exists). */
  speaking: RoomSpeaking | undefined;
  /** The primary first; more when the room outgrew it. */
  readonly routers: RoomRouter[];
  /** A router being added (joiners arriving at once share it). */
  growing: Promise<RoomRouter> | undefined;
  /** Producers piped to another of the room's routers, by `producerId>routerId`. */
  private readonly pipes = new Map<string, Promise<void>>();

  constructor(
    readonly roomId: number,
    primary: RoomRouter,
  ) {
    this.routers = [primary];
  }

  /** The primary router: every producer of the room is on it. */
  get router(): ms.Router {
    return this.routers[0]!.router;
  }

  get slot(): PooledWorker {
    return this.routers[0]!.slot;
  }

  get closed(): boolean {
    return this.router.closed;
  }

  /**
   * Makes a producer of router `from` available on router `to` (once: a pipe is reused by every
   * consumer there; it closes with its producer).
   */
  async pipe(producerId: string, from: ms.Router, to: ms.Router): Promise<void> {
    if (from === to) return;
    const key = `${producerId}>${to.id}`;
    let piped = this.pipes.get(key);
    if (!piped) {
      piped = from.pipeToRouter({ producerId, router: to }).then(
        ({ pipeProducer }) => void pipeProducer?.observer.once('close', () => this.pipes.delete(key)),
        (error: unknown) => {
          this.pipes.delete(key);
          throw error;
        },
      );
      this.pipes.set(key, piped);
    }
    await piped;
  }

  /** A router that carried no more peers closes; what was piped to it goes with it. */
  drop(home: RoomRouter): void {
    const index = this.routers.indexOf(home);
    if (index <= 0) return;
    this.routers.splice(index, 1);
    for (const key of [...this.pipes.keys()]) if (key.endsWith(`>${home.router.id}`)) this.pipes.delete(key);
    home.router.close();
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
    for (const peer of this.peers.values()) if (!peer.closed) peer.caller.emit('media:speaking', payload);
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

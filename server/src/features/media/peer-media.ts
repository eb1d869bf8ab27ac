import type { types as ms } from 'mediasoup';
import type { MediaSource } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { RoomRouter } from './room-router';
import type { MediaCaller } from './media-caller';
import { InFlight } from './in-flight';

export interface ProducerData {
  source: MediaSource;
  userId: number;
  [key: string]: unknown;
}

/**
 * One socket's media in one room: at most one send and one receive
 * transport, its producers (one per source) and its consumers (one per
 * producer it receives). Closing the peer closes its transports, which
 * closes everything on them; the others' consumers of its producers then
 * close through mediasoup's `producerclose`.
 */
export class PeerMedia {
  readonly transports = new Map<string, ms.WebRtcTransport>();
  readonly producers = new Map<string, ms.Producer<ProducerData>>();
  readonly consumers = new Map<string, ms.Consumer>();
  closed = false;
  /**
   * The room is a hall (the stage): a socket of another process receives there from its own process,
   * the room's producers piped to it (hall-edge.ts), instead of from a transport here.
   */
  hall = false;

  constructor(
    /** The socket it belongs to (here or on another process). */
    readonly caller: MediaCaller,
    readonly floorId: number,
    readonly userId: number,
    readonly roomId: number,
    /** The room's router this peer's transports are on (media-rooms.ts places it). */
    readonly home: RoomRouter,
  ) {}

  transport(transportId: string, direction?: 'send' | 'recv'): ms.WebRtcTransport {
    const transport = this.transports.get(transportId);
    if (!transport || (direction && transport.appData.direction !== direction))
      throw new AppError('MEDIA_TRANSPORT_NOT_FOUND');
    return transport;
  }

  recvTransport(): ms.WebRtcTransport {
    const recv = [...this.transports.values()].find((t) => t.appData.direction === 'recv');
    if (!recv) throw new AppError('MEDIA_TRANSPORT_NOT_FOUND');
    return recv;
  }

  producer(producerId: string): ms.Producer<ProducerData> {
    const producer = this.producers.get(producerId);
    if (!producer) throw new AppError('MEDIA_PRODUCER_NOT_FOUND');
    return producer;
  }

  consumer(consumerId: string): ms.Consumer {
    const consumer = this.consumers.get(consumerId);
    if (!consumer) throw new AppError('MEDIA_CONSUMER_NOT_FOUND');
    return consumer;
  }

  /** Consumers being made, by producer id: a second ask for the same producer meanwhile gets the same answer. */
  readonly making = new InFlight();

  producing(source: MediaSource): boolean {
    return [...this.producers.values()].some((p) => p.appData.source === source);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const transport of this.transports.values()) transport.close();
    this.transports.clear();
    this.producers.clear();
    this.consumers.clear();
  }
}

import type { types as ms } from 'mediasoup';
import {
  KIND_OF_SOURCE,
  roomDefinition,
  type MediaCapabilitiesAnswer,
  type MediaConsumerAnswer,
  type MediaJoinAnswer,
  type MediaKind,
  type MediaPreferredLayers,
  type MediaSource,
  type MediaTransportAnswer,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import { iceServersFor, type TurnConfig } from '../../media/turn-config';
import type { WorkerPool } from '../../media/worker-pool';
import type { PlaceChange } from '../floors/live/presence-batcher';
import { AppError } from '../../http/app-error';
import { clientCapabilities, KEY_FRAME_REQUEST_DELAY_MS, MEDIA_CODECS } from './codecs';
import { mediasoupCall } from './mediasoup-call';
import {
  consumePaused,
  consumerAnswer,
  keepConsumer,
  openWebRtcTransport,
  preferLayers,
  transportAnswer,
} from './transports';
import { MediaRooms } from './media-rooms';
import { RoomEvents, screenTaken, type RoomMediaEvent } from './room-events';
import { PeerMedia, type ProducerData } from './peer-media';
import { toProducerInfo, type RoomMedia } from './room-media';
import { roomOfUser } from '../floors/live/engine/places';
import { LOBBY_NUMBER } from '../floors/live/visitor-view';
import type { CallerData, MediaCaller } from './media-caller';
import type { ProducerFilter } from './producer-filter';

export interface MediaServiceDeps {
  models: Models;
  pool: WorkerPool;
  logger: Logger;
  turn: TurnConfig;
  /** Peers on one router of a room before it spreads to another worker (media-rooms.ts). */
  peersPerRouter?: number;
}

export type ClosedReason = 'moved' | 'left' | 'restarted';

export type { RoomMediaEvent } from './room-events';

/** A rule for producing in a room: throws an AppError to refuse. */
export type ProduceGate = (floorId: number, userId: number, roomId: number) => Promise<void> | undefined;

/**
 * The media-server channel behind media:* (one PeerMedia per socket, in
 * the room its user is in). Every request finds the caller's peer and
 * only things in the peer's own room: another room's producer reads as
 * not found. A room move, leaving the floor or a disconnect closes the
 * peer; the client joins again in its new room. The callers are sockets
 * of this process or of another one whose floor has its media here
 * (media-gateway.ts decides, and checks the socket is on the floor).
 */
export class MediaService {
  private readonly peers = new Map<string, PeerMedia>();
  private readonly rooms: MediaRooms;
  private readonly peerRoom = new Map<PeerMedia, RoomMedia>();
  private readonly roomEvents: RoomEvents;
  private readonly produceGates: ProduceGate[] = [];
  private caps?: Promise<MediaCapabilitiesAnswer>;

  constructor(private readonly deps: MediaServiceDeps) {
    this.roomEvents = new RoomEvents(deps.logger);
    this.rooms = new MediaRooms(deps.pool, deps.logger, (room) => this.lost(room), deps.peersPerRouter);
  }

  /**
   * What every room's router can do (they all have MEDIA_CODECS, so the same capabilities): read once from a
   * router made for it and closed again, kept for the process's life (a failure is tried again next time).
   */
  capabilities(): Promise<MediaCapabilitiesAnswer> {
    this.caps ??= this.deps.pool.createRouter(MEDIA_CODECS).then(({ router }) => {
      const rtpCapabilities = clientCapabilities(router.rtpCapabilities) as unknown as Record<string, unknown>;
      router.close();
      return { rtpCapabilities };
    });
    this.caps.catch(() => (this.caps = undefined));
    return this.caps;
  }

  async join(caller: MediaCaller): Promise<MediaJoinAnswer> {
    const { floorId, userId } = caller;
    if (!floorId || !userId) throw new AppError('FLOOR_NOT_JOINED');
    this.leave(caller);
    const { id: roomId, hall } = await this.roomOf(floorId, userId, caller.visitor);
    const room = await this.rooms.get(roomId);
    const peer = new PeerMedia(caller, floorId, userId, roomId, await this.rooms.place(room));
    peer.hall = hall;
    room.peers.set(caller.id, peer);
    this.peers.set(caller.id, peer);
    this.peerRoom.set(peer, room);
    // a move while the room was being prepared: this peer is already stale
    if ((await this.roomOf(floorId, userId, caller.visitor).catch(() => null))?.id !== roomId || !caller.connected()) {
      this.close(peer);
      throw new AppError('MEDIA_NOT_JOINED');
    }
    return {
      roomId,
      rtpCapabilities: clientCapabilities(room.router.rtpCapabilities) as unknown as Record<string, unknown>,
      producers: room.producersFor(peer),
      speaking: [...(room.speaking?.speakers ?? [])],
      iceServers: iceServersFor(this.deps.turn, userId),
      iceTransportPolicy: this.deps.turn.policy,
    };
  }

  async createTransport(caller: CallerData, direction: 'send' | 'recv'): Promise<MediaTransportAnswer> {
    const { peer } = this.peerOf(caller);
    for (const old of peer.transports.values()) {
      if (old.appData.direction !== direction) continue;
      old.close();
      peer.transports.delete(old.id);
    }
    const transport = await openWebRtcTransport(peer.home, direction);
    if (peer.closed) {
      transport.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    peer.transports.set(transport.id, transport);
    transport.observer.once('close', () => peer.transports.delete(transport.id));
    return transportAnswer(transport);
  }

  async connectTransport(caller: CallerData, transportId: string, dtlsParameters: unknown): Promise<null> {
    const { peer } = this.peerOf(caller);
    const transport = peer.transport(transportId);
    await mediasoupCall(() => transport.connect({ dtlsParameters: dtlsParameters as ms.DtlsParameters }));
    return null;
  }

  async produce(
    caller: CallerData,
    p: { transportId: string; kind: MediaKind; rtpParameters: unknown; source: MediaSource },
  ): Promise<{ producerId: string }> {
    const { peer, room } = this.peerOf(caller);
    const transport = peer.transport(p.transportId, 'send');
    if (KIND_OF_SOURCE[p.source] !== p.kind) throw new AppError('BAD_REQUEST');
    for (const gate of this.produceGates) {
      const check = gate(peer.floorId, peer.userId, room.roomId);
      if (check) await check;
      if (peer.closed) throw new AppError('MEDIA_NOT_JOINED');
    }
    if (peer.producing(p.source)) throw new AppError('MEDIA_ALREADY_PRODUCING');
    const screen = p.source === 'screen';
    if (screen) {
      if (room.screenSharer && room.screenSharer !== caller.id)
        throw await screenTaken(this.deps.models, room.screenSharer, room);
      room.screenSharer = caller.id;
    }
    let producer: ms.Producer<ProducerData>;
    try {
      producer = await mediasoupCall(() =>
        transport.produce<ProducerData>({
          kind: p.kind,
          rtpParameters: p.rtpParameters as ms.RtpParameters,
          ...(p.kind === 'video' ? { keyFrameRequestDelay: KEY_FRAME_REQUEST_DELAY_MS } : {}),
          appData: { source: p.source, userId: peer.userId },
        }),
      );
    } catch (error) {
      if (screen && room.screenSharer === caller.id) room.screenSharer = undefined;
      throw error;
    }
    if (peer.closed) {
      producer.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    peer.producers.set(producer.id, producer);
    producer.observer.once('close', () => {
      peer.producers.delete(producer.id);
      if (screen && room.screenSharer === caller.id) room.screenSharer = undefined;
      this.roomEvents.emit({ roomId: room.roomId, kind: 'producers' });
    });
    // every producer is on the room's primary router too (speaking observer, recorder)
    try {
      await room.pipe(producer.id, peer.home.router, room.router);
    } catch (error) {
      producer.close();
      if (room.closed || peer.closed) throw new AppError('MEDIA_NOT_JOINED');
      throw error;
    }
    this.roomEvents.emit({ roomId: room.roomId, kind: 'producers' });
    if (p.source === 'mic') void room.speaking?.watch(producer, this.deps.logger);
    const info = { ...toProducerInfo(producer), roomId: room.roomId };
    for (const other of room.peers.values()) if (other !== peer) other.caller.emit('media:newProducer', info);
    return { producerId: producer.id };
  }

  closeProducer(caller: CallerData, producerId: string): null {
    const { peer } = this.peerOf(caller);
    peer.producer(producerId).close();
    return null;
  }

  /**
   * A paused consumer of a producer in the caller's room. `spatialLayer` is the simulcast layer it
   * starts with: set before the resume, the resume's key frame request is for that layer (a change
   * right after it would ask again, and the sender ignores a second request within 300 ms).
   */
  async consume(
    caller: CallerData,
    producerId: string,
    rtpCapabilities: unknown,
    spatialLayer?: number,
  ): Promise<MediaConsumerAnswer> {
    const { peer, room } = this.peerOf(caller);
    const found = room.producer(producerId, peer);
    if (!found) throw new AppError('MEDIA_PRODUCER_NOT_FOUND');
    const { producer } = found;
    const transport = peer.recvTransport();
    const answer = (consumer: ms.Consumer) => consumerAnswer(consumer, producer);
    const existing = [...peer.consumers.values()].find((c) => c.producerId === producerId);
    if (existing) return answer(existing);
    // the same producer asked twice at once (the join's list and its newProducer): one consumer, one answer
    return peer.making.once(producerId, async () => {
      const consumer = await this.newConsumer(peer, room, found, transport, rtpCapabilities, spatialLayer);
      return answer(consumer);
    });
  }

  private async newConsumer(
    peer: PeerMedia,
    room: RoomMedia,
    found: { peer: PeerMedia; producer: ms.Producer<ProducerData> },
    transport: ms.WebRtcTransport,
    rtpCapabilities: unknown,
    spatialLayer: number | undefined,
  ): Promise<ms.Consumer> {
    const { producer } = found;
    const producerId = producer.id;
    const router = peer.home.router;
    try {
      await room.pipe(producerId, found.peer.home.router, router);
    } catch (error) {
      if (producer.closed || found.peer.closed) throw new AppError('MEDIA_PRODUCER_NOT_FOUND');
      if (room.closed || peer.closed) throw new AppError('MEDIA_NOT_JOINED');
      throw error;
    }
    const consumer = await consumePaused(router, transport, producerId, rtpCapabilities, spatialLayer);
    if (peer.closed) {
      consumer.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    keepConsumer(peer.consumers, consumer, () => {
      if (!peer.closed) peer.caller.emit('media:consumerClosed', { consumerId: consumer.id, producerId });
    });
    return consumer;
  }

  async resumeConsumer(caller: CallerData, consumerId: string): Promise<null> {
    const { peer } = this.peerOf(caller);
    await peer.consumer(consumerId).resume();
    return null;
  }

  /** Stops forwarding one of the caller's consumers (its tile is hidden); resumeConsumer starts it again. */
  async pauseConsumer(caller: CallerData, consumerId: string): Promise<null> {
    const { peer } = this.peerOf(caller);
    await peer.consumer(consumerId).pause();
    return null;
  }

  /** The simulcast layer the caller wants of one of its consumers (mediasoup keeps it within what exists). */
  async setPreferredLayers(
    caller: CallerData,
    p: { consumerId: string; spatialLayer: number; temporalLayer?: number },
  ): Promise<MediaPreferredLayers> {
    const { peer } = this.peerOf(caller);
    return preferLayers(peer.consumer(p.consumerId), p);
  }

  /** The socket's media ends (media:leave, disconnect). */
  leave(caller: Pick<CallerData, 'id'>, reason?: ClosedReason): null {
    const peer = this.peers.get(caller.id);
    if (peer) this.close(peer, reason);
    return null;
  }

  /** A room move, leave or floor close of the live floor: peers no longer in their room end. */
  placeChanged(change: PlaceChange): void {
    for (const peer of this.peers.values()) {
      if (peer.floorId !== change.floorId) continue;
      if (change.userId !== undefined && peer.userId !== change.userId) continue;
      if (change.roomId === null) this.close(peer, 'left');
      else if (change.roomId !== peer.roomId) this.close(peer, 'moved');
      else if (!change.connected) this.close(peer);
    }
  }

  /** Whether the socket has media here. */
  hasPeer(socketId: string): boolean {
    return this.peers.has(socketId);
  }

  /** The peers of one floor in this process (host media controls, host-controls.ts). */
  peersOnFloor(floorId: number): PeerMedia[] {
    return [...this.peers.values()].filter((peer) => peer.floorId === floorId && !peer.closed);
  }

  /** Calls `watcher` when a room's producers change or its router closes; returns the unwatch. */
  watchRooms(watcher: (event: RoomMediaEvent) => void): () => void {
    return this.roomEvents.watch(watcher);
  }

  /** A room's live media in this process, if any (the recorder pipes its producers). */
  liveRoom(roomId: number): RoomMedia | undefined {
    return this.rooms.peek(roomId);
  }

  /** Another feature's rule for producing (the stage: speakers only); it throws to refuse. */
  gateProduce(gate: ProduceGate): void {
    this.produceGates.push(gate);
  }

  /**
   * Closes the producers of the floor's peers here that match `filter` (a
   * host turning off every camera, the stage sending a speaker back); each
   * owner's client is told as for a host's turn-off (`media:producerClosed`,
   * reason 'host') and turns the device off. Answers how many closed.
   */
  closeProducers(floorId: number, filter: ProducerFilter): number {
    let closed = 0;
    for (const peer of this.peersOnFloor(floorId)) {
      if (filter.userId !== undefined && peer.userId !== filter.userId) continue;
      if (filter.exceptUserId !== undefined && peer.userId === filter.exceptUserId) continue;
      if (filter.roomId !== undefined && peer.roomId !== filter.roomId) continue;
      for (const producer of [...peer.producers.values()]) {
        if (producer.closed || (filter.source && producer.appData.source !== filter.source)) continue;
        producer.close();
        closed++;
        if (peer.caller.connected())
          peer.caller.emit('media:producerClosed', {
            producerId: producer.id,
            source: producer.appData.source,
            reason: 'host',
          });
      }
    }
    return closed;
  }

  stats() {
    return { peers: this.peers.size, rooms: this.rooms.size };
  }

  closeAll(): void {
    for (const peer of this.peers.values()) this.close(peer);
  }

  /** The caller's peer here and its room; MEDIA_NOT_JOINED when it has none (or it is of another floor now). */
  peerOf(caller: CallerData): { peer: PeerMedia; room: RoomMedia } {
    const peer = this.peers.get(caller.id);
    const room = peer && this.peerRoom.get(peer);
    if (!peer || !room || room.closed || peer.userId !== caller.userId) throw new AppError('MEDIA_NOT_JOINED');
    if (caller.floorId !== peer.floorId) {
      this.close(peer, 'left');
      throw new AppError('MEDIA_NOT_JOINED');
    }
    return { peer, room };
  }

  /**
   * The room the user is in on the floor, when it carries media. A booked
   * visitor in the lobby waits unseen and unheard (issue 25 §4): no media
   * until the host lets them in.
   */
  private async roomOf(floorId: number, userId: number, visitor: boolean): Promise<{ id: number; hall: boolean }> {
    const roomId = await roomOfUser(this.deps.models, floorId, userId);
    if (roomId === null) throw new AppError('FLOOR_NOT_JOINED');
    const room = await this.deps.models.FloorRoom.findByPk(roomId, { attributes: ['id', 'number'] });
    if (!room) throw new AppError('ROOM_NOT_FOUND');
    if (roomDefinition(room.number)?.areaType === 'NO_WEBRTC') throw new AppError('MEDIA_NO_WEBRTC_ROOM');
    if (visitor && room.number === LOBBY_NUMBER) throw new AppError('MEDIA_VISITOR_WAITING');
    return { id: room.id, hall: roomDefinition(room.number)?.areaType === 'STAGE' };
  }

  private close(peer: PeerMedia, reason?: ClosedReason): void {
    if (this.peers.get(peer.caller.id) === peer) this.peers.delete(peer.caller.id);
    const room = this.peerRoom.get(peer);
    this.peerRoom.delete(peer);
    peer.close();
    if (reason && peer.caller.connected()) peer.caller.emit('media:closed', { roomId: peer.roomId, reason });
    if (!room) return;
    if (room.peers.get(peer.caller.id) === peer) room.peers.delete(peer.caller.id);
    this.rooms.unplace(room, peer.home);
    if (room.screenSharer === peer.caller.id) room.screenSharer = undefined;
    if (![...room.peers.values()].some((p) => p.userId === peer.userId)) room.speaking?.forget(peer.userId);
    this.rooms.release(room);
    if (room.closed) this.roomEvents.emit({ roomId: room.roomId, kind: 'closed' });
  }

  /** A worker died: its rooms' peers are told to join again (a fresh router on a live worker). */
  private lost(room: RoomMedia): void {
    this.deps.logger.warn({ roomId: room.roomId, peers: room.peers.size }, 'media room lost with its worker');
    for (const peer of [...room.peers.values()]) this.close(peer, 'restarted');
    this.roomEvents.emit({ roomId: room.roomId, kind: 'closed' });
  }
}

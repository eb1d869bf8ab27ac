import type { types as ms } from 'mediasoup';
import {
  KIND_OF_SOURCE,
  roomDefinition,
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
import type { IoSocket } from '../../realtime/types';
import type { PlaceChange } from '../floors/live/presence-batcher';
import { AppError } from '../../http/app-error';
import { clientCapabilities } from './codecs';
import { MediaRooms } from './media-rooms';
import { PeerMedia, type ProducerData } from './peer-media';
import { toProducerInfo, type RoomMedia } from './room-media';

export interface MediaServiceDeps {
  models: Models;
  pool: WorkerPool;
  logger: Logger;
  turn: TurnConfig;
}

type ClosedReason = 'moved' | 'left' | 'restarted';

/**
 * A camera's or screen's key frame requests (mediasoup `keyFrameRequestDelay`): a second request for a
 * layer within 400 ms of the last waits and goes out when they end. Chromium answers one request per
 * 300 ms and drops the rest; a dropped one is otherwise asked again only after mediasoup's fixed 1 s,
 * so a consumer that resumed just after someone else's request got its first frame a second late.
 */
const KEY_FRAME_REQUEST_DELAY_MS = 400;

/** mediasoup refuses bad parameters with TypeError / UnsupportedError: the caller's input, so BAD_REQUEST. */
async function mediasoupCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const name = (error as Error | undefined)?.name;
    if (name === 'TypeError' || name === 'UnsupportedError' || name === 'InvalidStateError')
      throw new AppError('BAD_REQUEST');
    throw error;
  }
}

/**
 * The media-server channel behind media:* (one PeerMedia per socket, in
 * the room its user is in). Every request finds the caller's peer and
 * only things in the peer's own room: another room's producer reads as
 * not found. A room move, leaving the floor or a disconnect closes the
 * peer; the client joins again in its new room.
 */
export class MediaService {
  private readonly peers = new Map<string, PeerMedia>();
  private readonly rooms: MediaRooms;
  private readonly peerRoom = new Map<PeerMedia, RoomMedia>();

  constructor(private readonly deps: MediaServiceDeps) {
    this.rooms = new MediaRooms(deps.pool, deps.logger, (room) => this.lost(room));
  }

  async join(socket: IoSocket): Promise<MediaJoinAnswer> {
    const { floorId, userId } = socket.data;
    if (!floorId || !userId || !socket.rooms.has(`floor:${floorId}`)) throw new AppError('FLOOR_NOT_JOINED');
    this.leave(socket);
    const roomId = await this.roomOf(floorId, userId);
    const room = await this.rooms.get(roomId);
    const peer = new PeerMedia(socket, floorId, userId, roomId);
    room.peers.set(socket.id, peer);
    this.peers.set(socket.id, peer);
    this.peerRoom.set(peer, room);
    // a move while the room was being prepared: this peer is already stale
    if ((await this.roomOf(floorId, userId).catch(() => null)) !== roomId || socket.disconnected) {
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

  async createTransport(socket: IoSocket, direction: 'send' | 'recv'): Promise<MediaTransportAnswer> {
    const { peer, room } = this.peerOf(socket);
    for (const old of peer.transports.values()) {
      if (old.appData.direction !== direction) continue;
      old.close();
      peer.transports.delete(old.id);
    }
    const transport = await room.router.createWebRtcTransport({
      webRtcServer: room.slot.webRtcServer,
      enableUdp: true,
      enableTcp: true,
      preferUdp: true,
      initialAvailableOutgoingBitrate: 1_000_000,
      appData: { direction },
    });
    if (peer.closed) {
      transport.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    peer.transports.set(transport.id, transport);
    transport.observer.once('close', () => peer.transports.delete(transport.id));
    return {
      id: transport.id,
      iceParameters: transport.iceParameters as unknown as Record<string, unknown>,
      iceCandidates: transport.iceCandidates as unknown as Record<string, unknown>[],
      dtlsParameters: transport.dtlsParameters as unknown as Record<string, unknown>,
    };
  }

  async connectTransport(socket: IoSocket, transportId: string, dtlsParameters: unknown): Promise<null> {
    const { peer } = this.peerOf(socket);
    const transport = peer.transport(transportId);
    await mediasoupCall(() => transport.connect({ dtlsParameters: dtlsParameters as ms.DtlsParameters }));
    return null;
  }

  async produce(
    socket: IoSocket,
    p: { transportId: string; kind: MediaKind; rtpParameters: unknown; source: MediaSource },
  ): Promise<{ producerId: string }> {
    const { peer, room } = this.peerOf(socket);
    const transport = peer.transport(p.transportId, 'send');
    if (KIND_OF_SOURCE[p.source] !== p.kind) throw new AppError('BAD_REQUEST');
    if (peer.producing(p.source)) throw new AppError('MEDIA_ALREADY_PRODUCING');
    const screen = p.source === 'screen';
    if (screen) {
      if (room.screenSharer && room.screenSharer !== socket.id) throw new AppError('NOT_ALLOWED_TO_SHARE_SCREEN');
      room.screenSharer = socket.id;
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
      if (screen && room.screenSharer === socket.id) room.screenSharer = undefined;
      throw error;
    }
    if (peer.closed) {
      producer.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    peer.producers.set(producer.id, producer);
    producer.observer.once('close', () => {
      peer.producers.delete(producer.id);
      if (screen && room.screenSharer === socket.id) room.screenSharer = undefined;
    });
    if (p.source === 'mic') void room.speaking?.watch(producer, this.deps.logger);
    const info = { ...toProducerInfo(producer), roomId: room.roomId };
    for (const other of room.peers.values()) if (other !== peer) other.socket.emit('media:newProducer', info);
    return { producerId: producer.id };
  }

  closeProducer(socket: IoSocket, producerId: string): null {
    const { peer } = this.peerOf(socket);
    peer.producer(producerId).close();
    return null;
  }

  /**
   * A paused consumer of a producer in the caller's room. `spatialLayer` is the simulcast layer it
   * starts with: set before the resume, the resume's key frame request is for that layer (a change
   * right after it would ask again, and the sender ignores a second request within 300 ms).
   */
  async consume(
    socket: IoSocket,
    producerId: string,
    rtpCapabilities: unknown,
    spatialLayer?: number,
  ): Promise<MediaConsumerAnswer> {
    const { peer, room } = this.peerOf(socket);
    const found = room.producer(producerId, peer);
    if (!found) throw new AppError('MEDIA_PRODUCER_NOT_FOUND');
    const { producer } = found;
    const caps = rtpCapabilities as ms.RtpCapabilities;
    const transport = peer.recvTransport();
    const answer = (consumer: ms.Consumer): MediaConsumerAnswer => ({
      consumerId: consumer.id,
      producerId: producer.id,
      userId: producer.appData.userId,
      kind: consumer.kind,
      source: producer.appData.source,
      rtpParameters: consumer.rtpParameters as unknown as Record<string, unknown>,
    });
    const existing = [...peer.consumers.values()].find((c) => c.producerId === producerId);
    if (existing) return answer(existing);
    let can = false;
    try {
      can = room.router.canConsume({ producerId, rtpCapabilities: caps });
    } catch {
      throw new AppError('BAD_REQUEST');
    }
    if (!can) throw new AppError('MEDIA_CANNOT_CONSUME');
    const preferredLayers = spatialLayer === undefined ? {} : { preferredLayers: { spatialLayer } };
    const consumer = await mediasoupCall(() =>
      transport.consume({ producerId, rtpCapabilities: caps, paused: true, ...preferredLayers }),
    );
    if (peer.closed) {
      consumer.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    peer.consumers.set(consumer.id, consumer);
    consumer.observer.once('close', () => peer.consumers.delete(consumer.id));
    consumer.on('producerclose', () => {
      peer.consumers.delete(consumer.id);
      if (!peer.closed) socket.emit('media:consumerClosed', { consumerId: consumer.id, producerId });
    });
    return answer(consumer);
  }

  async resumeConsumer(socket: IoSocket, consumerId: string): Promise<null> {
    const { peer } = this.peerOf(socket);
    await peer.consumer(consumerId).resume();
    return null;
  }

  /** Stops forwarding one of the caller's consumers (its tile is hidden); resumeConsumer starts it again. */
  async pauseConsumer(socket: IoSocket, consumerId: string): Promise<null> {
    const { peer } = this.peerOf(socket);
    await peer.consumer(consumerId).pause();
    return null;
  }

  /** The simulcast layer the caller wants of one of its consumers (mediasoup keeps it within what exists). */
  async setPreferredLayers(
    socket: IoSocket,
    p: { consumerId: string; spatialLayer: number; temporalLayer?: number },
  ): Promise<MediaPreferredLayers> {
    const { peer } = this.peerOf(socket);
    const consumer = peer.consumer(p.consumerId);
    if (consumer.type === 'simulcast' || consumer.type === 'svc')
      await mediasoupCall(() =>
        consumer.setPreferredLayers({
          spatialLayer: p.spatialLayer,
          ...(p.temporalLayer === undefined ? {} : { temporalLayer: p.temporalLayer }),
        }),
      );
    const layers = consumer.preferredLayers;
    return { consumerId: consumer.id, preferredLayers: layers ? { ...layers } : null };
  }

  /** The socket's media ends (media:leave, disconnect). */
  leave(socket: IoSocket, reason?: ClosedReason): null {
    const peer = this.peers.get(socket.id);
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

  /** The peers of one floor in this process (host media controls, host-controls.ts). */
  peersOnFloor(floorId: number): PeerMedia[] {
    return [...this.peers.values()].filter((peer) => peer.floorId === floorId && !peer.closed);
  }

  /** Peers and routers in this process (health, tests). */
  stats() {
    return { peers: this.peers.size, rooms: this.rooms.size };
  }

  closeAll(): void {
    for (const peer of this.peers.values()) this.close(peer);
  }

  private peerOf(socket: IoSocket): { peer: PeerMedia; room: RoomMedia } {
    const peer = this.peers.get(socket.id);
    const room = peer && this.peerRoom.get(peer);
    if (!peer || !room || room.closed) throw new AppError('MEDIA_NOT_JOINED');
    if (socket.data.floorId !== peer.floorId || !socket.rooms.has(`floor:${peer.floorId}`)) {
      this.close(peer, 'left');
      throw new AppError('MEDIA_NOT_JOINED');
    }
    return { peer, room };
  }

  /** The room the user is in on the floor, when it carries media. */
  private async roomOf(floorId: number, userId: number): Promise<number> {
    const row = await this.deps.models.FloorUser.findOne({ where: { floorId, userId }, attributes: ['roomId'] });
    if (!row) throw new AppError('FLOOR_NOT_JOINED');
    const room = await this.deps.models.FloorRoom.findByPk(row.roomId, { attributes: ['id', 'number'] });
    if (!room) throw new AppError('ROOM_NOT_FOUND');
    if (roomDefinition(room.number)?.areaType === 'NO_WEBRTC') throw new AppError('MEDIA_NO_WEBRTC_ROOM');
    return room.id;
  }

  private close(peer: PeerMedia, reason?: ClosedReason): void {
    if (this.peers.get(peer.socket.id) === peer) this.peers.delete(peer.socket.id);
    const room = this.peerRoom.get(peer);
    this.peerRoom.delete(peer);
    peer.close();
    if (reason && peer.socket.connected) peer.socket.emit('media:closed', { roomId: peer.roomId, reason });
    if (!room) return;
    if (room.peers.get(peer.socket.id) === peer) room.peers.delete(peer.socket.id);
    if (room.screenSharer === peer.socket.id) room.screenSharer = undefined;
    if (![...room.peers.values()].some((p) => p.userId === peer.userId)) room.speaking?.forget(peer.userId);
    this.rooms.release(room);
  }

  /** A worker died: its rooms' peers are told to join again (a fresh router on a live worker). */
  private lost(room: RoomMedia): void {
    this.deps.logger.warn({ roomId: room.roomId, peers: room.peers.size }, 'media room lost with its worker');
    for (const peer of [...room.peers.values()]) this.close(peer, 'restarted');
  }
}

import type { types as ms } from 'mediasoup';
import type { MediaConsumerAnswer, MediaPreferredLayers, MediaTransportAnswer } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../lib/logger';
import type { PooledWorker, WorkerPool } from '../../media/worker-pool';
import { MEDIA_CODECS } from './codecs';
import type { CallerData, MediaCaller } from './media-caller';
import type { PipeAddress, PipedProducer, PipeEvent } from './hall-exports';
import type { PeerEvent, PeerPayload } from './media-ops';
import { pipeAddressSchema } from './hall-exports';
import { InFlight } from './in-flight';
import { mediasoupCall } from './mediasoup-call';
import type { ProducerData } from './peer-media';
import {
  consumePaused,
  consumerAnswer,
  keepConsumer,
  openWebRtcTransport,
  preferLayers,
  transportAnswer,
} from './transports';

/** A socket of this process that receives a hall of another process's media home here. */
export interface HallViewer {
  caller: MediaCaller;
  /** The media home's process. */
  home: string;
  roomId: number;
}

/** What the edge asks the media home (over the request/reply of the media homes). */
export type HallAsk =
  | { op: 'hallOpen'; caller: CallerData; address: PipeAddress }
  | { op: 'hallSend'; caller: CallerData; producerId: string }
  | { op: 'hallClose'; roomId: number };

interface EdgeRoom {
  key: string;
  home: string;
  floorId: number;
  roomId: number;
  router: ms.Router;
  slot: PooledWorker;
  pipe: ms.PipeTransport;
  /** The home's producers piped here, by id (each made once, shared by every viewer here). */
  producers: Map<string, Promise<ms.Producer<ProducerData>>>;
  viewers: Set<string>;
  closing: boolean;
}

interface Viewer extends HallViewer {
  transports: Map<string, ms.WebRtcTransport>;
  consumers: Map<string, ms.Consumer>;
  making: InFlight;
  room: Promise<EdgeRoom> | undefined;
  closed: boolean;
}

/** What travels of a caller (its emit stays here). */
const dataOf = ({ id, floorId, userId, visitor }: CallerData): CallerData => ({ id, floorId, userId, visitor });

/**
 * This process's side of a hall (the stage) whose media home is another
 * process: its sockets' receive transports are on a router here, and the
 * home's producers reach that router once, through one PipeTransport per
 * room (hall-exports.ts is the other end), so a presenter to a hall spread
 * over processes is sent once per process and each process fans out to
 * its own viewers. Sending (a speaker's camera) stays at the home. A router
 * here that dies with its worker ends its viewers' media (`lost`: their
 * clients join again).
 */
export class HallEdge {
  private readonly rooms = new Map<string, Promise<EdgeRoom>>();
  private readonly viewers = new Map<string, Viewer>();

  constructor(
    private readonly pool: WorkerPool,
    private readonly ask: (home: string, floorId: number, op: HallAsk) => Promise<unknown>,
    private readonly lost: (socketId: string) => void,
    private readonly logger: Logger,
  ) {}

  /** A receive transport here for a viewer (its earlier one closes). */
  async createTransport(v: HallViewer): Promise<MediaTransportAnswer> {
    const viewer = this.viewer(v);
    const room = await this.roomOf(viewer);
    const transport = await openWebRtcTransport(room, 'recv');
    if (viewer.closed || room.closing) {
      transport.close();
      throw new AppError('MEDIA_NOT_JOINED');
    }
    for (const old of viewer.transports.values()) old.close();
    viewer.transports.clear();
    viewer.transports.set(transport.id, transport);
    transport.observer.once('close', () => viewer.transports.delete(transport.id));
    return transportAnswer(transport);
  }

  /** Whether the socket's transport or consumer of this id is here. */
  holds(socketId: string, id: string): boolean {
    const viewer = this.viewers.get(socketId);
    return !!viewer && (viewer.transports.has(id) || viewer.consumers.has(id));
  }

  async connectTransport(socketId: string, transportId: string, dtlsParameters: unknown): Promise<null> {
    const transport = this.viewers.get(socketId)?.transports.get(transportId);
    if (!transport) throw new AppError('MEDIA_TRANSPORT_NOT_FOUND');
    await mediasoupCall(() => transport.connect({ dtlsParameters: dtlsParameters as ms.DtlsParameters }));
    return null;
  }

  /** A paused consumer here of one of the hall's producers (piped from the home the first time). */
  async consume(
    socketId: string,
    producerId: string,
    caps: unknown,
    spatialLayer?: number,
  ): Promise<MediaConsumerAnswer> {
    const viewer = this.viewers.get(socketId);
    const transport = viewer && [...viewer.transports.values()][0];
    if (!viewer?.room || !transport) throw new AppError('MEDIA_TRANSPORT_NOT_FOUND');
    const room = await viewer.room;
    const existing = [...viewer.consumers.values()].find((c) => c.producerId === producerId);
    const producer = await this.piped(room, viewer, producerId);
    if (existing) return consumerAnswer(existing, producer);
    // the same producer asked twice at once: one consumer, one answer
    return viewer.making.once(producerId, async () => {
      const consumer = await consumePaused(room.router, transport, producerId, caps, spatialLayer);
      if (viewer.closed) {
        consumer.close();
        throw new AppError('MEDIA_NOT_JOINED');
      }
      keepConsumer(viewer.consumers, consumer, () => {
        if (!viewer.closed) viewer.caller.emit('media:consumerClosed', { consumerId: consumer.id, producerId });
      });
      return consumerAnswer(consumer, producer);
    });
  }

  async resumeConsumer(socketId: string, consumerId: string): Promise<null> {
    await this.consumer(socketId, consumerId).resume();
    return null;
  }

  async pauseConsumer(socketId: string, consumerId: string): Promise<null> {
    await this.consumer(socketId, consumerId).pause();
    return null;
  }

  setPreferredLayers(
    socketId: string,
    p: { consumerId: string; spatialLayer: number; temporalLayer?: number },
  ): Promise<MediaPreferredLayers> {
    return preferLayers(this.consumer(socketId, p.consumerId), p);
  }

  /** The home says a producer it pipes here closed, paused or resumed: its copy here does the same. */
  pipeEvent(home: string, roomId: number, producerId: string, event: PipeEvent): void {
    const room = this.rooms.get(`${home}:${roomId}`);
    const producer = room?.then((r) => r.producers.get(producerId));
    void producer
      ?.then((p) => {
        if (!p || p.closed) return;
        if (event === 'close') p.close();
        else if (event === 'pause') return p.pause();
        else return p.resume();
      })
      .catch((err: unknown) => this.logger.warn({ err, producerId }, 'hall pipe: event not applied'));
  }

  /** The socket's media here ends (leave, move, disconnect, its home gone). */
  leave(socketId: string): void {
    const viewer = this.viewers.get(socketId);
    if (!viewer) return;
    this.viewers.delete(socketId);
    viewer.closed = true;
    for (const transport of viewer.transports.values()) transport.close();
    viewer.transports.clear();
    void viewer.room?.then(
      (room) => {
        room.viewers.delete(socketId);
        if (room.viewers.size === 0) this.closeRoom(room);
      },
      () => undefined,
    );
  }

  /** The home process is gone: its halls here close (the gateway tells their sockets). */
  homeGone(home: string): void {
    for (const viewer of [...this.viewers.values()]) if (viewer.home === home) this.leave(viewer.caller.id);
  }

  private viewer(v: HallViewer): Viewer {
    const known = this.viewers.get(v.caller.id);
    if (known && known.home === v.home && known.roomId === v.roomId) return known;
    if (known) this.leave(v.caller.id);
    const viewer: Viewer = {
      ...v,
      transports: new Map(),
      consumers: new Map(),
      making: new InFlight(),
      room: undefined,
      closed: false,
    };
    this.viewers.set(v.caller.id, viewer);
    return viewer;
  }

  private roomOf(viewer: Viewer): Promise<EdgeRoom> {
    if (viewer.room) return viewer.room;
    const joined = this.enterRoom(viewer);
    viewer.room = joined;
    joined.catch(() => {
      if (viewer.room === joined) viewer.room = undefined;
    });
    return joined;
  }

  /** The hall's room here (opened by the first viewer; one that is closing is replaced), with the viewer in it. */
  private async enterRoom(viewer: Viewer): Promise<EdgeRoom> {
    const key = `${viewer.home}:${viewer.roomId}`;
    for (let tries = 0; tries < 3; tries++) {
      let pending = this.rooms.get(key);
      if (!pending) {
        const opening = this.openRoom(key, viewer);
        this.rooms.set(key, opening);
        opening.catch(() => this.rooms.get(key) === opening && this.rooms.delete(key));
        pending = opening;
      }
      const room = await pending;
      if (room.closing) {
        // its last viewer just left (the next one came back at once): open a new one
        if (this.rooms.get(key) === pending) this.rooms.delete(key);
        continue;
      }
      if (viewer.closed) {
        if (room.viewers.size === 0) this.closeRoom(room);
        throw new AppError('MEDIA_NOT_JOINED');
      }
      room.viewers.add(viewer.caller.id);
      return room;
    }
    throw new AppError('MEDIA_NOT_JOINED');
  }

  /** A router here for the hall and the pipe from its home, connected both ways. */
  private async openRoom(key: string, viewer: Viewer): Promise<EdgeRoom> {
    const { router, slot } = await this.pool.createRouter(MEDIA_CODECS);
    try {
      const pipe = await router.createPipeTransport({
        listenIp: this.pool.pipeListen,
        enableRtx: true,
        appData: { hall: true },
      });
      const address = { ip: pipe.tuple.localIp, port: pipe.tuple.localPort };
      const floorId = viewer.caller.floorId;
      const remote = pipeAddressSchema.parse(
        await this.ask(viewer.home, floorId, { op: 'hallOpen', caller: dataOf(viewer.caller), address }),
      );
      await mediasoupCall(() => pipe.connect(remote));
      const room: EdgeRoom = {
        key,
        home: viewer.home,
        floorId,
        roomId: viewer.roomId,
        router,
        slot,
        pipe,
        producers: new Map(),
        viewers: new Set(),
        closing: false,
      };
      router.observer.once('close', () => this.routerClosed(room));
      return room;
    } catch (error) {
      router.close();
      throw error;
    }
  }

  private piped(room: EdgeRoom, viewer: Viewer, producerId: string): Promise<ms.Producer<ProducerData>> {
    let pending = room.producers.get(producerId);
    if (!pending) {
      pending = (async () => {
        const p = (await this.ask(room.home, room.floorId, {
          op: 'hallSend',
          caller: dataOf(viewer.caller),
          producerId,
        })) as PipedProducer;
        const producer = await mediasoupCall(() =>
          room.pipe.produce<ProducerData>({
            id: producerId,
            kind: p.kind,
            rtpParameters: p.rtpParameters,
            paused: p.paused,
            appData: p.appData,
          }),
        );
        producer.observer.once('close', () => room.producers.delete(producerId));
        return producer;
      })();
      room.producers.set(producerId, pending);
      pending.catch(() => room.producers.get(producerId) === pending && room.producers.delete(producerId));
    }
    return pending;
  }

  private consumer(socketId: string, consumerId: string): ms.Consumer {
    const consumer = this.viewers.get(socketId)?.consumers.get(consumerId);
    if (!consumer) throw new AppError('MEDIA_CONSUMER_NOT_FOUND');
    return consumer;
  }

  private closeRoom(room: EdgeRoom): void {
    if (room.closing) return;
    room.closing = true;
    this.forgetRoom(room);
    room.router.close();
    this.ask(room.home, room.floorId, { op: 'hallClose', roomId: room.roomId }).catch(() => undefined);
  }

  /** The room's entry goes, unless a newer room of the same hall took its place. */
  private forgetRoom(room: EdgeRoom): void {
    const entry = this.rooms.get(room.key);
    void entry?.then(
      (r) => r === room && this.rooms.get(room.key) === entry && this.rooms.delete(room.key),
      () => undefined,
    );
  }

  /** The router closed: by us, or with its worker (then its viewers' media ends and their clients join again). */
  private routerClosed(room: EdgeRoom): void {
    const lostWithWorker = !room.closing;
    room.closing = true;
    this.forgetRoom(room);
    if (!lostWithWorker) return;
    this.logger.warn({ roomId: room.roomId, viewers: room.viewers.size }, 'hall room lost with its worker');
    for (const socketId of [...room.viewers]) {
      this.leave(socketId);
      this.lost(socketId);
    }
  }
}

/**
 * A media:* event of a hall viewer that this process answers itself (its receive transport and
 * consumers are here); undefined when the event goes to the media home (join, sending, leaving).
 */
export function atEdge<E extends PeerEvent>(
  edge: HallEdge,
  viewer: HallViewer,
  event: E,
  payload: PeerPayload<E>,
): Promise<unknown> | undefined {
  const id = viewer.caller.id;
  const p: unknown = payload;
  switch (event as PeerEvent) {
    case 'media:createTransport':
      return (p as PeerPayload<'media:createTransport'>).direction === 'recv'
        ? edge.createTransport(viewer)
        : undefined;
    case 'media:connectTransport': {
      const c = p as PeerPayload<'media:connectTransport'>;
      return edge.holds(id, c.transportId) ? edge.connectTransport(id, c.transportId, c.dtlsParameters) : undefined;
    }
    case 'media:consume': {
      const c = p as PeerPayload<'media:consume'>;
      return edge.consume(id, c.producerId, c.rtpCapabilities, c.spatialLayer);
    }
    case 'media:resumeConsumer':
    case 'media:pauseConsumer': {
      const { consumerId } = p as PeerPayload<'media:resumeConsumer'>;
      if (!edge.holds(id, consumerId)) return undefined;
      return event === 'media:resumeConsumer'
        ? edge.resumeConsumer(id, consumerId)
        : edge.pauseConsumer(id, consumerId);
    }
    case 'media:setPreferredLayers': {
      const c = p as PeerPayload<'media:setPreferredLayers'>;
      return edge.holds(id, c.consumerId) ? edge.setPreferredLayers(id, c) : undefined;
    }
    default:
      return undefined;
  }
}

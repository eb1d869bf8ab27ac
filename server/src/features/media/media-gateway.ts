import crypto from 'node:crypto';
import type { RedisClientType } from 'redis';
import type { MediaJoinAnswer } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../lib/logger';
import { NodeRpc, type Answer, type Reply } from '../../realtime/node-rpc';
import type { IoServer, IoSocket } from '../../realtime/types';
import type { PlaceChange } from '../floors/live/presence-batcher';
import { localCaller, remoteCaller, type CallerData } from './media-caller';
import { ALIVE_EVERY_MS, MediaHomes } from './media-homes';
import {
  forwardedSchema,
  parsePayload,
  runPeerEvent,
  type Forwarded,
  type PeerEvent,
  type PeerPayload,
} from './media-ops';
import type { ClosedReason, MediaService } from './media-service';
import type { ProducerFilter } from './producer-filter';
import type { WorkerPool } from '../../media/worker-pool';
import { atEdge, HallEdge, type HallViewer } from './hall-edge';
import { HallExports, type PipeEvent } from './hall-exports';

/** A join forwarded to the media home waits this long (a room's first router takes a moment). */
const JOIN_TIMEOUT_MS = 5000;
const CALL_TIMEOUT_MS = 3000;
/** A home that stopped being the floor's (it is closing) is asked about again this many times. */
const JOIN_TRIES = 5;

/** A socket of this process whose media is on another process. */
interface Away {
  socket: IoSocket;
  node: string;
  floorId: number;
  userId: number;
  roomId: number;
  /** The room is a hall: the socket receives it from this process (hall-edge.ts). */
  hall: boolean;
}

export interface MediaCluster {
  redis: RedisClientType;
  /** This deployment's Redis namespace (its processes share it). */
  prefix: string;
  /** The workers of this process: a hall's audience here receives from a router on them (default: halls not piped). */
  pool?: WorkerPool;
}

/**
 * Where a socket's media:* events are answered. With one process, by the
 * media service here. With several (REDIS_URL), by the floor's media home
 * (media-homes.ts): this process when it holds the floor's media, else the
 * process that does, over the request/reply channel the live floors use
 * (realtime/node-rpc.ts). The socket's WebRTC transports then connect to
 * the home's own address and port, and the home's events reach the socket
 * through the Socket.IO Redis adapter. This process checks the socket is on
 * the floor before it asks, follows the socket's room moves and disconnect
 * (the home only learns them from here), and watches that the home lives:
 * when it dies or closes, the socket's client is told its media restarted
 * and joins again, on a live process. A home likewise drops the peers of a
 * process that died.
 */
export class MediaGateway {
  private io: IoServer | undefined;
  private readonly away = new Map<string, Away>();
  /** Peers here of sockets of other processes: the process each socket is on, and its floor. */
  private readonly visiting = new Map<string, { node: string; floorId: number }>();
  private readonly cluster: { homes: MediaHomes; rpc: NodeRpc; started: Promise<void> } | undefined;
  /** Halls spread over processes: this process's viewers (edge) and the pipes of the halls whose home is here. */
  private readonly halls: { edge: HallEdge; exports: HallExports } | undefined;
  private readonly watcher: NodeJS.Timeout | undefined;
  private watching = false;
  private closing = false;
  private readonly tasks = new Map<string, (floorId: number, payload: unknown) => Promise<unknown>>();

  constructor(
    private readonly media: MediaService,
    private readonly logger: Logger,
    cluster?: MediaCluster,
  ) {
    if (!cluster) return;
    const node = crypto.randomUUID();
    const prefix = `${cluster.prefix}:media`;
    const homes = new MediaHomes(cluster.redis, prefix, node, logger);
    const rpc = new NodeRpc(cluster.redis, prefix, node, logger, (floorId, op, from) => this.answer(floorId, op, from));
    const started = Promise.all([homes.start(), rpc.start()]).then(() => undefined);
    started.catch((err: unknown) => logger.error({ err }, 'media homes did not start'));
    this.cluster = { homes, rpc, started };
    if (cluster.pool) {
      const edge = new HallEdge(
        cluster.pool,
        (home, floorId, op) => this.askValue(home, floorId, op),
        (socketId) => this.restart(this.away.get(socketId)),
        logger,
      );
      const tell = (node: string, floorId: number, roomId: number, producerId: string, event: PipeEvent) =>
        void rpc.call(node, floorId, { op: 'hallEvent', roomId, producerId, event }, CALL_TIMEOUT_MS);
      this.halls = { edge, exports: new HallExports(cluster.pool.pipeListen, tell, logger) };
    }
    this.watcher = setInterval(() => void this.watch(), ALIVE_EVERY_MS);
    this.watcher.unref();
  }

  /** The Socket.IO server: events for sockets of other processes go through its adapter. */
  attach(io: IoServer): void {
    this.io = io;
  }

  /** A media:* event of a socket of this process: answered here or by its floor's media home. */
  async call<E extends PeerEvent>(socket: IoSocket, event: E, payload: PeerPayload<E>): Promise<unknown> {
    const { floorId, userId } = socket.data;
    const onFloor = !!floorId && !!userId && socket.rooms.has(`floor:${floorId}`);
    // the same codecs in every process and room: answered here, before any floor (nothing in it is anyone's)
    if (event === 'media:capabilities') return this.media.capabilities();
    if (event === 'media:join') {
      if (!onFloor) throw new AppError('FLOOR_NOT_JOINED');
      return this.join(socket);
    }
    const away = this.away.get(socket.id);
    if (!onFloor || (away && away.floorId !== floorId)) {
      this.leave(socket, 'left');
      throw new AppError('MEDIA_NOT_JOINED');
    }
    if (event === 'media:leave') {
      this.leave(socket);
      return null;
    }
    if (!away) return runPeerEvent(this.media, localCaller(socket), event, payload);
    const here = away.hall && this.halls && atEdge(this.halls.edge, this.viewerOf(away), event, payload);
    if (here) return here;
    const reply = await this.ask(away, { op: 'peer', event, caller: this.callerOf(away), payload });
    if (reply?.status === 'ok') return reply.value;
    if (reply?.status === 'error') throw new AppError(reply.code ?? 'INTERNAL', { values: reply.values });
    // the home is gone (or no longer holds the floor): this media ended; the client joins again
    this.restart(away);
    throw new AppError('MEDIA_NOT_JOINED');
  }

  /** The socket's media ends (a move, a leave, a disconnect), here or at its home. */
  leave(socket: IoSocket, reason?: ClosedReason): void {
    const away = this.away.get(socket.id);
    if (!away) {
      this.media.leave(socket, reason);
      return;
    }
    this.away.delete(socket.id);
    this.halls?.edge.leave(socket.id);
    void this.ask(away, { op: 'peer', event: 'media:leave', caller: this.callerOf(away), payload: {}, reason });
  }

  /** A place change of the live floor in this process: its sockets' media follows, here and at their homes. */
  placeChanged(change: PlaceChange): void {
    this.media.placeChanged(change);
    for (const away of [...this.away.values()]) {
      if (away.floorId !== change.floorId) continue;
      if (change.userId !== undefined && away.userId !== change.userId) continue;
      if (change.roomId === null) this.leave(away.socket, 'left');
      else if (change.roomId !== away.roomId) this.leave(away.socket, 'moved');
      else if (!change.connected) this.leave(away.socket);
    }
  }

  /** Closes the floor's producers that match (host controls, the stage), wherever the floor's media is. */
  async closeProducers(floorId: number, filter: ProducerFilter): Promise<number> {
    let closed = this.media.closeProducers(floorId, filter);
    if (!this.cluster) return closed;
    await this.cluster.started;
    const node = await this.cluster.homes.current(floorId);
    if (!node || node === this.cluster.homes.node) return closed;
    const reply = await this.cluster.rpc.call(node, floorId, { op: 'closeProducers', filter }, CALL_TIMEOUT_MS);
    if (reply?.status === 'ok') closed += Number(reply.value);
    else if (reply?.status === 'error') throw new AppError(reply.code ?? 'INTERNAL');
    else throw new AppError('MEDIA_UNAVAILABLE');
    return closed;
  }

  /**
   * Another feature's work that needs a room's media (the recorder pipes its producers): `handler` runs on
   * the floor's media home, called there by `atHome(floorId, name, payload)` from any process. It checks its
   * payload itself (it comes from another process of the deployment).
   */
  onHome(name: string, handler: (floorId: number, payload: unknown) => Promise<unknown>): void {
    this.tasks.set(name, handler);
  }

  /** Runs the named work on the floor's media home (here when no other process holds it) and answers its result. */
  async atHome(floorId: number, name: string, payload: unknown): Promise<unknown> {
    const here = () => this.task(name)(floorId, payload);
    if (!this.cluster || this.closing) return here();
    await this.cluster.started;
    const node = await this.cluster.homes.current(floorId);
    if (!node || node === this.cluster.homes.node) return here();
    const reply = await this.cluster.rpc.call(node, floorId, { op: 'task', name, payload }, JOIN_TIMEOUT_MS);
    if (reply?.status === 'ok') return reply.value;
    if (reply?.status === 'error') throw new AppError(reply.code ?? 'INTERNAL', { values: reply.values });
    throw new AppError('MEDIA_UNAVAILABLE');
  }

  private task(name: string): (floorId: number, payload: unknown) => Promise<unknown> {
    const handler = this.tasks.get(name);
    if (!handler) throw new AppError('INTERNAL');
    return handler;
  }

  /** The stage's rule: what `userId` produces in `roomId` closes (their client is told). */
  silence(floorId: number, roomId: number, userId: number): void {
    this.closeProducers(floorId, { roomId, userId }).catch((err: unknown) =>
      this.logger.warn({ err, floorId, roomId }, 'media: producers not closed'),
    );
  }

  /**
   * SIGTERM: the other processes learn at once that this one is going; the
   * clients whose media is here (of other processes) are told to join again,
   * which they do on a live process, and the media of this process's sockets
   * elsewhere ends. Runs while Socket.IO still does.
   */
  async handOver(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.watcher);
    if (!this.cluster) return;
    await this.cluster.homes.close();
    // the processes of the clients whose media is here restart it at once (each told once: by its own process)
    const origins = new Map([...this.visiting.values()].map((v) => [v.node, v.floorId]));
    const told = [...origins].map(([node, floorId]) =>
      this.cluster!.rpc.call(node, floorId, { op: 'homeGone' }, ALIVE_EVERY_MS),
    );
    for (const id of [...this.visiting.keys()]) this.media.leave({ id });
    this.visiting.clear();
    for (const away of [...this.away.values()]) this.leave(away.socket);
    await Promise.all(told);
    await this.cluster.rpc.close();
  }

  private async join(socket: IoSocket): Promise<MediaJoinAnswer> {
    this.leave(socket);
    const caller = localCaller(socket);
    if (!this.cluster || this.closing) return this.media.join(caller);
    await this.cluster.started;
    for (let attempt = 1; ; attempt++) {
      const node = await this.cluster.homes.claim(caller.floorId);
      if (node === this.cluster.homes.node) return this.media.join(caller);
      const op: Forwarded = {
        op: 'peer',
        event: 'media:join',
        caller: this.callerOf({ socket, ...caller }),
        payload: {},
      };
      const reply = await this.cluster.rpc.call(node, caller.floorId, op, JOIN_TIMEOUT_MS);
      if (reply?.status === 'ok') {
        const { hall, ...answer } = reply.value as MediaJoinAnswer & { hall?: boolean };
        const away: Away = {
          socket,
          node,
          floorId: caller.floorId,
          userId: caller.userId,
          roomId: answer.roomId,
          hall: hall === true && !!this.halls,
        };
        this.away.set(socket.id, away);
        if (socket.disconnected) this.leave(socket);
        return answer;
      }
      if (reply?.status === 'error') throw new AppError(reply.code ?? 'INTERNAL', { values: reply.values });
      // no answer (the home may be dying: its word runs out) or it is closing: the client tries again soon
      if (!reply || attempt >= JOIN_TRIES) throw new AppError('MEDIA_UNAVAILABLE');
      await new Promise((resolve) => setTimeout(resolve, ALIVE_EVERY_MS / 5));
    }
  }

  /** What travels of a socket's caller (its floor and user as when its media joined). */
  private callerOf(c: { socket: IoSocket; floorId: number; userId: number }): CallerData {
    return { id: c.socket.id, floorId: c.floorId, userId: c.userId, visitor: c.socket.data.visitor === true };
  }

  /** The socket as a hall viewer of this process. */
  private viewerOf(away: Away): HallViewer {
    return { caller: { ...localCaller(away.socket), ...this.callerOf(away) }, home: away.node, roomId: away.roomId };
  }

  /** Asks a floor's media home and answers its value (its refusal as the same AppError; no answer: unavailable). */
  private async askValue(node: string, floorId: number, op: Forwarded): Promise<unknown> {
    const reply = this.cluster && (await this.cluster.rpc.call(node, floorId, op, CALL_TIMEOUT_MS));
    if (reply?.status === 'ok') return reply.value;
    if (reply?.status === 'error') throw new AppError(reply.code ?? 'INTERNAL', { values: reply.values });
    throw new AppError('MEDIA_UNAVAILABLE');
  }

  private async ask(away: Away, op: Forwarded): Promise<Reply | undefined> {
    if (!this.cluster) return undefined;
    return this.cluster.rpc.call(away.node, away.floorId, op, CALL_TIMEOUT_MS);
  }

  /** A forwarded operation, at the floor's media home. */
  private async answer(floorId: number, raw: unknown, from: string): Promise<Answer> {
    if (!this.cluster) return { status: 'notOwner' };
    const op = forwardedSchema.parse(raw);
    if (op.op === 'homeGone') {
      for (const away of [...this.away.values()]) if (away.node === from) this.restart(away);
      return { status: 'ok', value: null };
    }
    if (op.op === 'hallEvent') {
      this.halls?.edge.pipeEvent(from, op.roomId, op.producerId, op.event);
      return { status: 'ok', value: null };
    }
    if (this.closing) return { status: 'notOwner' };
    if (op.op === 'hallOpen' || op.op === 'hallSend' || op.op === 'hallClose')
      return { status: 'ok', value: await this.answerHall(floorId, op, from) };
    if (op.op === 'closeProducers') return { status: 'ok', value: this.media.closeProducers(floorId, op.filter) };
    if (op.op === 'task') {
      if ((await this.cluster.homes.current(floorId)) !== this.cluster.homes.node) return { status: 'notOwner' };
      return { status: 'ok', value: (await this.task(op.name)(floorId, op.payload)) ?? null };
    }
    if (op.caller.floorId !== floorId) throw new AppError('BAD_REQUEST');
    const caller = remoteCaller(() => this.io, op.caller);
    if (op.event === 'media:leave') {
      this.visiting.delete(caller.id);
      this.media.leave(caller, op.reason);
      return { status: 'ok', value: null };
    }
    if (op.event === 'media:join' && (await this.cluster.homes.current(floorId)) !== this.cluster.homes.node)
      return { status: 'notOwner' };
    const value = await runPeerEvent(this.media, caller, op.event, parsePayload(op.event, op.payload));
    if (op.event !== 'media:join') return { status: 'ok', value: value ?? null };
    this.visiting.set(caller.id, { node: from, floorId });
    return { status: 'ok', value: { ...(value as MediaJoinAnswer), hall: this.media.peerOf(caller).peer.hall } };
  }

  /** A hall's pipe to the asking process, at the hall's media home (the caller's peer here names the room). */
  private async answerHall(
    floorId: number,
    op: Extract<Forwarded, { op: 'hallOpen' | 'hallSend' | 'hallClose' }>,
    from: string,
  ): Promise<unknown> {
    if (!this.halls) throw new AppError('MEDIA_UNAVAILABLE');
    if (op.op === 'hallClose') {
      this.halls.exports.close(op.roomId, from);
      return null;
    }
    if (op.caller.floorId !== floorId || this.visiting.get(op.caller.id)?.node !== from)
      throw new AppError('MEDIA_NOT_JOINED');
    const { peer, room } = this.media.peerOf(op.caller);
    if (op.op === 'hallOpen') return this.halls.exports.open(room, from, op.address);
    if (!room.producer(op.producerId, peer)) throw new AppError('MEDIA_PRODUCER_NOT_FOUND');
    return this.halls.exports.send(room, from, floorId, op.producerId);
  }

  /** Tells a socket whose home is gone that its media restarted (its client joins again). */
  private restart(away: Away | undefined): void {
    if (!away || this.away.get(away.socket.id) !== away) return;
    this.away.delete(away.socket.id);
    this.halls?.edge.leave(away.socket.id);
    if (away.socket.connected) away.socket.emit('media:closed', { roomId: away.roomId, reason: 'restarted' });
  }

  /** Every ALIVE_EVERY_MS: the homes of this process's sockets, and the processes of the peers here, still live? */
  private async watch(): Promise<void> {
    if (!this.cluster || this.watching || this.closing) return;
    for (const id of [...this.visiting.keys()]) if (!this.media.hasPeer(id)) this.visiting.delete(id);
    const nodes = new Set([
      ...[...this.away.values()].map((a) => a.node),
      ...[...this.visiting.values()].map((v) => v.node),
    ]);
    if (nodes.size === 0) return;
    this.watching = true;
    try {
      const alive = await this.cluster.homes.alive([...nodes]);
      for (const away of [...this.away.values()]) if (!alive.has(away.node)) this.restart(away);
      for (const [id, { node }] of [...this.visiting])
        if (!alive.has(node)) {
          this.visiting.delete(id);
          this.media.leave({ id });
          this.halls?.exports.forget(node);
        }
    } catch (err) {
      this.logger.warn({ err }, 'media homes: not watched');
    } finally {
      this.watching = false;
    }
  }
}

import type { types as ms } from 'mediasoup';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../lib/logger';
import { mediasoupCall } from './mediasoup-call';
import type { ProducerData } from './peer-media';
import type { RoomMedia } from './room-media';

/** Where one end of a pipe between two processes listens (its address as the other reaches it). */
export const pipeAddressSchema = z.object({ ip: z.string().min(1).max(64), port: z.number().int().min(1).max(65535) });
export type PipeAddress = z.infer<typeof pipeAddressSchema>;

/** What the receiving process needs to make the piped producer on its side (pipeTransport.produce). */
export interface PipedProducer {
  kind: ms.MediaKind;
  rtpParameters: ms.RtpParameters;
  paused: boolean;
  appData: ProducerData;
}

/** What happened to a piped producer at the home; the receiving process does the same to its copy. */
export type PipeEvent = 'close' | 'pause' | 'resume';

interface Pipe {
  room: RoomMedia;
  transport: ms.PipeTransport;
  /** One pipe consumer per producer sent (every viewer there shares it). */
  sent: Map<string, Promise<ms.Consumer>>;
}

/**
 * The media home's side of a hall (the stage) whose audience is on several
 * processes: for each room and each process that receives it, one
 * PipeTransport on the room's primary router (every producer of the room is
 * there), and one pipe consumer per producer that process asked for. Each
 * process then fans the piped producers out to its own viewers
 * (hall-edge.ts), so the home sends each producer once per process, not
 * once per viewer. What happens to a producer here (closed, paused,
 * resumed) is told to the receiving process (`tell`).
 */
export class HallExports {
  private readonly pipes = new Map<string, Pipe>();

  constructor(
    private readonly listen: ms.TransportListenIp,
    private readonly tell: (
      node: string,
      floorId: number,
      roomId: number,
      producerId: string,
      event: PipeEvent,
    ) => void,
    private readonly logger: Logger,
  ) {}

  private key = (roomId: number, node: string) => `${roomId}@${node}`;

  /** A process opens (or opens again) its pipe of `room`: a fresh transport here, connected to its end. */
  async open(room: RoomMedia, node: string, remote: PipeAddress): Promise<PipeAddress> {
    this.close(room.roomId, node);
    const transport = await mediasoupCall(() =>
      room.router.createPipeTransport({ listenIp: this.listen, enableRtx: true, appData: { hall: true } }),
    );
    const key = this.key(room.roomId, node);
    const pipe: Pipe = { room, transport, sent: new Map() };
    this.pipes.set(key, pipe);
    transport.observer.once('close', () => {
      if (this.pipes.get(key) === pipe) this.pipes.delete(key);
    });
    await mediasoupCall(() => transport.connect(remote));
    return { ip: transport.tuple.localIp, port: transport.tuple.localPort };
  }

  /** Sends one producer of the room down the process's pipe (once: later asks get the same answer). */
  async send(room: RoomMedia, node: string, floorId: number, producerId: string): Promise<PipedProducer> {
    const pipe = this.pipes.get(this.key(room.roomId, node));
    if (!pipe || pipe.room !== room || pipe.transport.closed) throw new AppError('MEDIA_NOT_JOINED');
    const found = room.producer(producerId);
    if (!found) throw new AppError('MEDIA_PRODUCER_NOT_FOUND');
    let sending = pipe.sent.get(producerId);
    if (!sending) {
      sending = mediasoupCall(() => pipe.transport.consume({ producerId }));
      pipe.sent.set(producerId, sending);
      sending.then(
        (consumer) => this.follow(pipe, node, floorId, producerId, consumer),
        () => pipe.sent.delete(producerId),
      );
    }
    const consumer = await sending;
    return {
      kind: consumer.kind,
      rtpParameters: consumer.rtpParameters,
      paused: consumer.producerPaused,
      appData: found.producer.appData,
    };
  }

  /** The process no longer receives the room (its last viewer left) or is gone. */
  close(roomId: number, node: string): void {
    const pipe = this.pipes.get(this.key(roomId, node));
    if (!pipe) return;
    this.pipes.delete(this.key(roomId, node));
    pipe.transport.close();
  }

  /** A process that died or closed: every pipe to it closes. */
  forget(node: string): void {
    for (const [key, pipe] of [...this.pipes]) if (key.endsWith(`@${node}`)) this.close(pipe.room.roomId, node);
  }

  private follow(pipe: Pipe, node: string, floorId: number, producerId: string, consumer: ms.Consumer): void {
    const say = (event: PipeEvent) => {
      try {
        this.tell(node, floorId, pipe.room.roomId, producerId, event);
      } catch (err) {
        this.logger.warn({ err, producerId }, 'hall pipe: event not told');
      }
    };
    consumer.on('producerclose', () => {
      pipe.sent.delete(producerId);
      say('close');
    });
    consumer.on('producerpause', () => say('pause'));
    consumer.on('producerresume', () => say('resume'));
    consumer.observer.once('close', () => pipe.sent.delete(producerId));
  }
}

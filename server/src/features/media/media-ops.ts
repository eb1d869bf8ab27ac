import { z } from 'zod';
import { mediaSchemas } from '@tsudoi/common';
import type { MediaCaller } from './media-caller';
import { callerSchema } from './media-caller';
import type { MediaService } from './media-service';
import { producerFilterSchema } from './producer-filter';
import { pipeAddressSchema } from './hall-exports';

/** The media:* events of one socket's peer (what a media home answers for a socket of another process). */
export type PeerEvent = keyof typeof mediaSchemas;
export type PeerPayload<E extends PeerEvent> = z.infer<(typeof mediaSchemas)[E]>;

const closedReason = z.enum(['moved', 'left', 'restarted']).optional();

/** An operation as it travels to the floor's media home (checked there again: zod at the boundary). */
export const forwardedSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('peer'),
    event: z.enum(Object.keys(mediaSchemas) as [PeerEvent, ...PeerEvent[]]),
    caller: callerSchema,
    payload: z.unknown(),
    reason: closedReason,
  }),
  z.object({ op: z.literal('closeProducers'), filter: producerFilterSchema }),
  /** Another feature's work that needs the room's media (a recording's start and stop): by name, its own payload. */
  z.object({ op: z.literal('task'), name: z.string().min(1).max(64), payload: z.unknown() }),
  /** The asking process is closing: the sockets of this process whose media is there restart it elsewhere. */
  z.object({ op: z.literal('homeGone') }),
  /** A process that receives a hall (the stage) for its sockets opens its pipe from the home (hall-exports.ts). */
  z.object({ op: z.literal('hallOpen'), caller: callerSchema, address: pipeAddressSchema }),
  /** ... and asks for one of the hall's producers down that pipe. */
  z.object({ op: z.literal('hallSend'), caller: callerSchema, producerId: z.string().min(1).max(64) }),
  /** ... and closes its pipe when its last viewer left. */
  z.object({ op: z.literal('hallClose'), roomId: z.number().int().positive() }),
  /** The home tells the receiving process what happened to a producer it pipes there. */
  z.object({
    op: z.literal('hallEvent'),
    roomId: z.number().int().positive(),
    producerId: z.string().min(1).max(64),
    event: z.enum(['close', 'pause', 'resume']),
  }),
]);
export type Forwarded = z.infer<typeof forwardedSchema>;

type Handlers = {
  [E in PeerEvent]: (media: MediaService, caller: MediaCaller, p: PeerPayload<E>) => unknown;
};

/** Each media:* event on the media service, for a caller here or of another process. */
const handlers: Handlers = {
  'media:capabilities': (m) => m.capabilities(),
  'media:join': (m, c) => m.join(c),
  'media:createTransport': (m, c, p) => m.createTransport(c, p.direction),
  'media:connectTransport': (m, c, p) => m.connectTransport(c, p.transportId, p.dtlsParameters),
  'media:produce': (m, c, p) => m.produce(c, { ...p, source: p.appData.source }),
  'media:closeProducer': (m, c, p) => m.closeProducer(c, p.producerId),
  'media:consume': (m, c, p) => m.consume(c, p.producerId, p.rtpCapabilities, p.spatialLayer),
  'media:resumeConsumer': (m, c, p) => m.resumeConsumer(c, p.consumerId),
  'media:pauseConsumer': (m, c, p) => m.pauseConsumer(c, p.consumerId),
  'media:setPreferredLayers': (m, c, p) => m.setPreferredLayers(c, p),
  'media:leave': (m, c) => m.leave(c),
};

export async function runPeerEvent<E extends PeerEvent>(
  media: MediaService,
  caller: MediaCaller,
  event: E,
  payload: PeerPayload<E>,
): Promise<unknown> {
  return handlers[event](media, caller, payload);
}

/** A forwarded event's payload, checked as the socket's own was. */
export const parsePayload = <E extends PeerEvent>(event: E, payload: unknown): PeerPayload<E> =>
  mediaSchemas[event].parse(payload) as PeerPayload<E>;

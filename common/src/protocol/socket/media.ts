import { z } from 'zod';
import type { AckCallback } from './ack';
import { boundedJson, boundedObject } from '../bounded-json';

/**
 * media:* — the media-server channel (spec §7.13): camera, microphone and
 * screen through the SFU of the caller's room. `media:join` binds the socket
 * to the router of the room its user is in and answers the router's RTP
 * capabilities and the producers already there; then the client creates its
 * send and receive transports, connects them, produces, and consumes each
 * producer it is offered (consumers start paused; `media:resumeConsumer`
 * once the client is ready). A room change or leaving the floor ends the
 * socket's media there (`media:closed`); the client joins again.
 *
 * mediasoup's own parameter objects (RTP capabilities and parameters, DTLS,
 * ICE) are checked for their shape here and in full by mediasoup itself.
 */
const id = z.string().min(1).max(64);
/**
 * How deep the values of mediasoup's parameter objects may nest (a codec's
 * `rtcpFeedback` list of objects is 2): deeper is VALIDATION_FAILED.
 */
export const MEDIA_PARAMETER_DEPTH = 3;
const open = boundedJson(MEDIA_PARAMETER_DEPTH);
const loose = boundedObject(open);

export const MEDIA_SOURCES = ['mic', 'camera', 'screen'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];
export const MEDIA_KINDS = ['audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** Which kind each source carries. */
export const KIND_OF_SOURCE: Record<MediaSource, MediaKind> = { mic: 'audio', camera: 'video', screen: 'video' };

const rtpCapabilitiesSchema = z.object({ codecs: z.array(loose).max(64).optional() }).catchall(open);
/** What a client sends as its RTP capabilities (mediasoup's, bounded). */
export type MediaRtpCapabilities = z.infer<typeof rtpCapabilitiesSchema>;
const rtpParametersSchema = z
  .object({
    mid: z.string().max(32).optional(),
    codecs: z.array(loose).min(1).max(16),
    headerExtensions: z.array(loose).max(32).optional(),
    encodings: z.array(loose).max(8).optional(),
    rtcp: loose.optional(),
  })
  .catchall(open);
const dtlsParametersSchema = z
  .object({
    role: z.enum(['auto', 'client', 'server']).optional(),
    fingerprints: z
      .array(z.object({ algorithm: z.string().min(1).max(16), value: z.string().min(1).max(256) }))
      .min(1)
      .max(8),
  })
  .catchall(open);

export const mediaJoinSchema = z.object({}).optional();
/** The RTP capabilities of this server's routers (the same codecs in every room), asked before any room. */
export const mediaCapabilitiesSchema = z.object({}).optional();
export const mediaCreateTransportSchema = z.object({ direction: z.enum(['send', 'recv']) });
export const mediaConnectTransportSchema = z.object({ transportId: id, dtlsParameters: dtlsParametersSchema });
export const mediaProduceSchema = z.object({
  transportId: id,
  kind: z.enum(MEDIA_KINDS),
  rtpParameters: rtpParametersSchema,
  appData: z.object({ source: z.enum(MEDIA_SOURCES) }),
});
export const mediaProducerIdSchema = z.object({ producerId: id });
/** Simulcast layers go 0 (lowest) to 2; temporal layers likewise. */
export const MAX_SPATIAL_LAYER = 2;
export const mediaConsumeSchema = z.object({
  producerId: id,
  rtpCapabilities: rtpCapabilitiesSchema,
  /**
   * The simulcast layer the new video consumer starts with (its tile's expected size), set before it
   * is resumed, so the resume asks the sender for one key frame of the right layer. Omitted: the top.
   */
  spatialLayer: z.number().int().min(0).max(MAX_SPATIAL_LAYER).optional(),
});
export const mediaConsumerIdSchema = z.object({ consumerId: id });
export const mediaPreferredLayersSchema = z.object({
  consumerId: id,
  spatialLayer: z.number().int().min(0).max(MAX_SPATIAL_LAYER),
  temporalLayer: z.number().int().min(0).max(2).optional(),
});
export const mediaLeaveSchema = z.object({}).optional();

/** A producer of someone in the room, as offered to the others. */
export interface MediaProducerInfo {
  producerId: string;
  userId: number;
  kind: MediaKind;
  source: MediaSource;
  paused: boolean;
}

export interface MediaJoinAnswer {
  roomId: number;
  /** The router's capabilities (orientation header extension removed, spec §5). */
  rtpCapabilities: Record<string, unknown>;
  /** Producers of the others already in the room. */
  producers: MediaProducerInfo[];
  /** Who in the room speaks now (user ids); later changes come as media:speaking. */
  speaking: number[];
  /** TURN servers for strict networks, handed to the transports (empty when none configured). */
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** 'relay': use TURN only (MEDIA_ICE_TRANSPORT_POLICY). */
  iceTransportPolicy: 'all' | 'relay';
}

export interface MediaTransportAnswer {
  id: string;
  iceParameters: Record<string, unknown>;
  iceCandidates: Record<string, unknown>[];
  dtlsParameters: Record<string, unknown>;
}

export interface MediaConsumerAnswer {
  consumerId: string;
  producerId: string;
  userId: number;
  kind: MediaKind;
  source: MediaSource;
  rtpParameters: Record<string, unknown>;
}

export interface MediaPreferredLayers {
  consumerId: string;
  /** What mediasoup keeps (null for a consumer without layers, e.g. audio). */
  preferredLayers: { spatialLayer: number; temporalLayer?: number } | null;
}

export interface MediaClientEvents {
  /**
   * The routers' RTP capabilities, before joining a room: the client loads its device while the floor joins
   * (every room's router has the same codecs, so `media:join` answers the same capabilities).
   */
  'media:capabilities': (
    payload: z.infer<typeof mediaCapabilitiesSchema>,
    ack: AckCallback<MediaCapabilitiesAnswer>,
  ) => void;
  'media:join': (payload: z.infer<typeof mediaJoinSchema>, ack: AckCallback<MediaJoinAnswer>) => void;
  'media:createTransport': (
    payload: z.infer<typeof mediaCreateTransportSchema>,
    ack: AckCallback<MediaTransportAnswer>,
  ) => void;
  'media:connectTransport': (payload: z.infer<typeof mediaConnectTransportSchema>, ack: AckCallback<null>) => void;
  'media:produce': (payload: z.infer<typeof mediaProduceSchema>, ack: AckCallback<{ producerId: string }>) => void;
  'media:closeProducer': (payload: z.infer<typeof mediaProducerIdSchema>, ack: AckCallback<null>) => void;
  'media:consume': (payload: z.infer<typeof mediaConsumeSchema>, ack: AckCallback<MediaConsumerAnswer>) => void;
  'media:resumeConsumer': (payload: z.infer<typeof mediaConsumerIdSchema>, ack: AckCallback<null>) => void;
  /** Stop receiving one of my consumers for now (its tile is not shown). */
  'media:pauseConsumer': (payload: z.infer<typeof mediaConsumerIdSchema>, ack: AckCallback<null>) => void;
  /** The simulcast layer I want of one of my video consumers (by its tile's size); answers what is set. */
  'media:setPreferredLayers': (
    payload: z.infer<typeof mediaPreferredLayersSchema>,
    ack: AckCallback<MediaPreferredLayers>,
  ) => void;
  'media:leave': (payload: z.infer<typeof mediaLeaveSchema>, ack: AckCallback<null>) => void;
}

export interface MediaServerEvents {
  /** Someone in your room started producing. */
  'media:newProducer': (payload: MediaProducerInfo & { roomId: number }) => void;
  /** The server closed one of your producers (your media ended, or a host turned it off). */
  'media:producerClosed': (payload: { producerId: string; source?: MediaSource; reason?: 'host' }) => void;
  /** One of your consumers ended (its producer closed, or its owner left the room). */
  'media:consumerClosed': (payload: { consumerId: string; producerId: string }) => void;
  /** Your media in this room ended (you moved, left, or the media worker restarted): join again to continue. */
  'media:closed': (payload: { roomId: number; reason: 'moved' | 'left' | 'restarted' }) => void;
  /** Who in your room is speaking now (their microphone is loud enough); sent when the set changes. */
  'media:speaking': (payload: { roomId: number; userIds: number[] }) => void;
}

export const mediaSchemas = {
  'media:capabilities': mediaCapabilitiesSchema,
  'media:join': mediaJoinSchema,
  'media:createTransport': mediaCreateTransportSchema,
  'media:connectTransport': mediaConnectTransportSchema,
  'media:produce': mediaProduceSchema,
  'media:closeProducer': mediaProducerIdSchema,
  'media:consume': mediaConsumeSchema,
  'media:resumeConsumer': mediaConsumerIdSchema,
  'media:pauseConsumer': mediaConsumerIdSchema,
  'media:setPreferredLayers': mediaPreferredLayersSchema,
  'media:leave': mediaLeaveSchema,
} as const;

/* Client-side checks of the answers and events (the server's side of the boundary). */
const record = z.record(z.string(), z.unknown());
export const mediaProducerInfoSchema = z.object({
  producerId: id,
  userId: z.number().int().positive(),
  kind: z.enum(MEDIA_KINDS),
  source: z.enum(MEDIA_SOURCES),
  paused: z.boolean(),
});
export const mediaCapabilitiesAnswerSchema = z.object({ rtpCapabilities: record });
export type MediaCapabilitiesAnswer = z.infer<typeof mediaCapabilitiesAnswerSchema>;
export const mediaJoinAnswerSchema = z.object({
  roomId: z.number().int().positive(),
  rtpCapabilities: record,
  producers: z.array(mediaProducerInfoSchema),
  speaking: z.array(z.number().int().positive()).max(1000),
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  iceTransportPolicy: z.enum(['all', 'relay']),
});
export const mediaTransportAnswerSchema = z.object({
  id,
  iceParameters: record,
  iceCandidates: z.array(record),
  dtlsParameters: record,
});
export const mediaProducedSchema = z.object({ producerId: id });
export const mediaConsumerAnswerSchema = z.object({
  consumerId: id,
  producerId: id,
  userId: z.number().int().positive(),
  kind: z.enum(MEDIA_KINDS),
  source: z.enum(MEDIA_SOURCES),
  rtpParameters: record,
});
export const mediaNewProducerSchema = mediaProducerInfoSchema.extend({ roomId: z.number().int().positive() });
export const mediaConsumerClosedSchema = z.object({ consumerId: id, producerId: id });
export const mediaClosedSchema = z.object({
  roomId: z.number().int().positive(),
  reason: z.enum(['moved', 'left', 'restarted']),
});
export const mediaSpeakingSchema = z.object({
  roomId: z.number().int().positive(),
  userIds: z.array(z.number().int().positive()).max(1000),
});
export const mediaPreferredLayersAnswerSchema = z.object({
  consumerId: id,
  preferredLayers: z
    .object({ spatialLayer: z.number().int().min(0), temporalLayer: z.number().int().min(0).optional() })
    .nullable(),
});

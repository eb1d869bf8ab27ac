import type { types as ms } from 'mediasoup';
import type { MediaConsumerAnswer, MediaTransportAnswer } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { mediasoupCall } from './mediasoup-call';
import type { ProducerData } from './peer-media';
import type { RoomRouter } from './room-router';

/** A browser's WebRTC transport on one of a room's routers, on its worker's WebRtcServer (one port for all). */
export async function openWebRtcTransport(
  on: Pick<RoomRouter, 'router' | 'slot'>,
  direction: 'send' | 'recv',
): Promise<ms.WebRtcTransport> {
  return on.router.createWebRtcTransport({
    webRtcServer: on.slot.webRtcServer,
    enableUdp: true,
    enableTcp: true,
    preferUdp: true,
    initialAvailableOutgoingBitrate: 1_000_000,
    appData: { direction },
  });
}

export const transportAnswer = (transport: ms.WebRtcTransport): MediaTransportAnswer => ({
  id: transport.id,
  iceParameters: transport.iceParameters as unknown as Record<string, unknown>,
  iceCandidates: transport.iceCandidates as unknown as Record<string, unknown>[],
  dtlsParameters: transport.dtlsParameters as unknown as Record<string, unknown>,
});

export const consumerAnswer = (
  consumer: ms.Consumer,
  producer: { id: string; appData: ProducerData },
): MediaConsumerAnswer => ({
  consumerId: consumer.id,
  producerId: producer.id,
  userId: producer.appData.userId,
  kind: consumer.kind,
  source: producer.appData.source,
  rtpParameters: consumer.rtpParameters as unknown as Record<string, unknown>,
});

/**
 * A paused consumer of a producer on `router` (`spatialLayer`: the simulcast layer it starts with, set
 * before the resume so the resume's key frame request is for that layer).
 */
export async function consumePaused(
  router: ms.Router,
  transport: ms.WebRtcTransport,
  producerId: string,
  rtpCapabilities: unknown,
  spatialLayer?: number,
): Promise<ms.Consumer> {
  const caps = rtpCapabilities as ms.RtpCapabilities;
  let can = false;
  try {
    can = router.canConsume({ producerId, rtpCapabilities: caps });
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  if (!can) throw new AppError('MEDIA_CANNOT_CONSUME');
  const preferredLayers = spatialLayer === undefined ? {} : { preferredLayers: { spatialLayer } };
  return mediasoupCall(() =>
    transport.consume({ producerId, rtpCapabilities: caps, paused: true, ...preferredLayers }),
  );
}

/** Sets the simulcast layer a consumer prefers (mediasoup keeps it within what exists) and answers it. */
export async function preferLayers(
  consumer: ms.Consumer,
  p: { spatialLayer: number; temporalLayer?: number },
): Promise<{ consumerId: string; preferredLayers: { spatialLayer: number; temporalLayer?: number } | null }> {
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

/** Keeps a consumer in its peer's map until it closes; `producerClosed` runs when its producer goes. */
export function keepConsumer(
  consumers: Map<string, ms.Consumer>,
  consumer: ms.Consumer,
  producerClosed: () => void,
): void {
  consumers.set(consumer.id, consumer);
  consumer.observer.once('close', () => consumers.delete(consumer.id));
  consumer.on('producerclose', () => {
    consumers.delete(consumer.id);
    producerClosed();
  });
}

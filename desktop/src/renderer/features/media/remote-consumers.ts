import type { Device, types as msc } from 'mediasoup-client';
import { mediaConsumerAnswerSchema, type MediaProducerInfo, type MediaRtpCapabilities } from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import { ConsumerViews } from './consumer-views';
import type { TileView } from './layers';
import type { MediaClientEvent, RemoteTrack } from './media-events';
import { ask, MediaRequestError } from './media-signal';
import { trackStore } from './track-store';

const ok = () => null;

/**
 * What my room sends me: one consumer per remote producer on the receive
 * transport, made paused on the server (on the layer its tile will likely
 * need) and resumed once it exists here, and how each tile is shown
 * (ConsumerViews). The media client calls these from its task queue.
 */
export class RemoteConsumers {
  private readonly consumers = new Map<string, msc.Consumer>();
  private readonly views: ConsumerViews;

  constructor(
    private readonly socket: AppSocket,
    private readonly emit: (event: MediaClientEvent) => void,
  ) {
    this.views = new ConsumerViews(socket);
  }

  async consume(device: Device, transport: msc.Transport, info: MediaProducerInfo): Promise<void> {
    if ([...this.consumers.values()].some((c) => c.producerId === info.producerId)) return;
    const spatialLayer = info.source === 'mic' ? undefined : this.views.startLayer(info.source);
    let answer;
    try {
      answer = await ask(
        this.socket,
        'media:consume',
        {
          producerId: info.producerId,
          rtpCapabilities: device.rtpCapabilities as unknown as MediaRtpCapabilities,
          ...(spatialLayer === undefined ? {} : { spatialLayer }),
        },
        (d) => mediaConsumerAnswerSchema.parse(d),
      );
    } catch (error) {
      // the producer ended meanwhile: nothing to show
      if (error instanceof MediaRequestError && error.code === 'MEDIA_PRODUCER_NOT_FOUND') return;
      throw error;
    }
    const consumer = await transport.consume({
      id: answer.consumerId,
      producerId: answer.producerId,
      kind: answer.kind,
      rtpParameters: answer.rtpParameters as unknown as msc.RtpParameters,
      appData: { source: answer.source },
    });
    this.consumers.set(consumer.id, consumer);
    if (spatialLayer !== undefined) this.views.started(consumer.id, spatialLayer);
    try {
      await ask(this.socket, 'media:resumeConsumer', { consumerId: consumer.id }, ok);
    } catch (error) {
      // its producer ended between the consume and the resume (someone moved rooms): nothing to show, no error
      if (!(error instanceof MediaRequestError) || error.code !== 'MEDIA_CONSUMER_NOT_FOUND') throw error;
      this.consumers.delete(consumer.id);
      this.views.forget(consumer.id);
      consumer.close();
      return;
    }
    const remote: RemoteTrack = {
      consumerId: consumer.id,
      producerId: answer.producerId,
      userId: answer.userId,
      kind: answer.kind,
      source: answer.source,
      trackId: trackStore.add(consumer.track),
    };
    this.emit({ type: 'remoteAdded', remote });
  }

  /** How a remote video's tile is shown: hidden → its consumer pauses; its size picks the simulcast layer. */
  async setView(consumerId: string, view: TileView): Promise<void> {
    const consumer = this.consumers.get(consumerId);
    if (consumer) await this.views.apply(consumer, view);
  }

  drop(consumerId: string): void {
    const consumer = this.consumers.get(consumerId);
    if (!consumer) return;
    this.consumers.delete(consumerId);
    this.views.forget(consumerId);
    consumer.close();
    trackStore.remove(consumer.track.id);
    this.emit({ type: 'remoteRemoved', consumerId });
  }

  dropAll(): void {
    for (const id of [...this.consumers.keys()]) this.drop(id);
  }
}

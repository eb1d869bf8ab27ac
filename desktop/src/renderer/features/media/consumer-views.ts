import type { types as msc } from 'mediasoup-client';
import { mediaPreferredLayersAnswerSchema } from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import { viewRequest, type TileView } from './layers';
import { ask, MediaRequestError } from './media-signal';

const ok = () => null;

interface Sent {
  paused: boolean;
  spatialLayer: number | null;
}

/**
 * What the server forwards of each video consumer, from how its tile is
 * shown: a hidden tile's consumer is paused (on the server, so nothing is
 * sent, and here), a shown one resumes, and its preferred simulcast layer
 * follows the tile's size. Only changes go to the server. The media client
 * runs `apply` in its task queue.
 */
export class ConsumerViews {
  private readonly sent = new Map<string, Sent>();

  constructor(
    private readonly socket: AppSocket,
    private readonly pixelRatio: () => number = () => globalThis.devicePixelRatio || 1,
  ) {}

  async apply(consumer: msc.Consumer, view: TileView): Promise<void> {
    if (consumer.closed || consumer.kind !== 'video') return;
    const wanted = viewRequest(view, this.pixelRatio());
    const last = this.sent.get(consumer.id) ?? { paused: false, spatialLayer: null };
    const consumerId = consumer.id;
    try {
      if (wanted.paused !== last.paused) {
        if (wanted.paused) {
          consumer.pause();
          await ask(this.socket, 'media:pauseConsumer', { consumerId }, ok);
        } else {
          await ask(this.socket, 'media:resumeConsumer', { consumerId }, ok);
          consumer.resume();
        }
        last.paused = wanted.paused;
      }
      if (!wanted.paused && wanted.spatialLayer !== last.spatialLayer) {
        await ask(this.socket, 'media:setPreferredLayers', { consumerId, spatialLayer: wanted.spatialLayer }, (d) =>
          mediaPreferredLayersAnswerSchema.parse(d),
        );
        last.spatialLayer = wanted.spatialLayer;
      }
    } catch (error) {
      // the consumer ended meanwhile (its producer closed): nothing left to show
      if (error instanceof MediaRequestError && error.code === 'MEDIA_CONSUMER_NOT_FOUND') return;
      throw error;
    } finally {
      if (!consumer.closed) this.sent.set(consumerId, last);
    }
  }

  forget(consumerId: string): void {
    this.sent.delete(consumerId);
  }
}

import type { types as msc } from 'mediasoup-client';
import { mediaPreferredLayersAnswerSchema } from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import { startLayerFor, viewRequest, type TileView } from './layers';
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
 *
 * A new consumer starts on the layer its tile will most likely need
 * (`startLayer`): the camera tiles of a room share one size, a shared screen
 * spans the stage. Set before the consumer resumes, the resume's one key
 * frame request is for that layer; asking for another layer right after
 * would be ignored by the sender (at most one key frame per 300 ms) and
 * answered only by the SFU's retry a second later.
 */
export class ConsumerViews {
  private readonly sent = new Map<string, Sent>();
  /** The last height reported by a camera tile (CSS pixels). */
  private cameraHeight: number | null = null;

  constructor(
    private readonly socket: AppSocket,
    private readonly pixelRatio: () => number = () => globalThis.devicePixelRatio || 1,
  ) {}

  /** The simulcast layer a new video consumer of this source starts with. */
  startLayer(source: 'camera' | 'screen'): number {
    return startLayerFor(source, this.cameraHeight, this.pixelRatio());
  }

  /** A consumer made with `startLayer`: its layer is already on the server. */
  started(consumerId: string, spatialLayer: number): void {
    this.sent.set(consumerId, { paused: false, spatialLayer });
  }

  async apply(consumer: msc.Consumer, view: TileView): Promise<void> {
    if (consumer.closed || consumer.kind !== 'video') return;
    if (consumer.appData.source === 'camera' && view.visible && view.height > 0) this.cameraHeight = view.height;
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

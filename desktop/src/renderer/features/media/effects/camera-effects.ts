import { mediaLog } from '../media-log';
import type { EffectProcessor, ProcessorBackdrop } from './effect-processor';
import { EffectError, NO_EFFECT, sameEffect, type CameraEffect } from './effect-types';
import { LatestQueue, type QueueOutcome } from './latest-queue';

/** The camera's shown and sent track changed (an effect went on or off): replace it where it is used. */
export interface OutputChange {
  camera: MediaStreamTrack;
  previous: MediaStreamTrack;
  next: MediaStreamTrack;
}

/** What the effect pipeline is made of; the browser's own parts unless a test gives others. */
export interface CameraEffectsDeps {
  loadImage(url: string): Promise<HTMLImageElement>;
  createProcessor(camera: MediaStreamTrack, backdrop: ProcessorBackdrop): Promise<EffectProcessorLike>;
}

export type EffectProcessorLike = Pick<EffectProcessor, 'output' | 'setBackdrop' | 'stop'>;

/** Loads an image for drawing (same origin, object or data URL); fails on a missing or broken image. */
export async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  return image;
}

const createProcessor = async (camera: MediaStreamTrack, backdrop: ProcessorBackdrop) =>
  (await import('./start-processor')).startProcessor(camera, backdrop);

/**
 * The camera's visual effect (spec §4: "A camera track gets the visual effect
 * when one is on"). `setEffect` goes through a queue where the latest wins;
 * a background image that does not load is refused with FAILED_TO_LOAD_IMAGE
 * and the effect stays as it was. `withEffect(camera)` gives the track to show
 * and send for a camera track: the camera track itself with no effect, the
 * processor's track otherwise. When an effect goes on or off while the camera
 * is open, subscribers are told to swap the track (producer.replaceTrack).
 */
export class CameraEffects {
  private effect: CameraEffect = NO_EFFECT;
  private image: HTMLImageElement | null = null;
  private camera: MediaStreamTrack | null = null;
  private processor: EffectProcessorLike | null = null;
  private readonly queue = new LatestQueue<CameraEffect>((effect) => this.exclusive(() => this.apply(effect)));
  private readonly listeners = new Set<(change: OutputChange) => void>();
  private lock: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: CameraEffectsDeps = { loadImage, createProcessor }) {}

  get current(): CameraEffect {
    return this.effect;
  }

  /** Queues an effect; resolves once it is applied or a newer one replaced it; rejects with an EffectError. */
  setEffect(effect: CameraEffect): Promise<QueueOutcome> {
    return this.queue.push(effect);
  }

  /** The track to show and send for this camera track (starts the effect on it when one is on). */
  withEffect(camera: MediaStreamTrack): Promise<MediaStreamTrack> {
    return this.exclusive(async () => {
      if (this.camera === camera) return this.output();
      this.releaseNow();
      this.camera = camera;
      if (this.effect.mode !== 'none') {
        try {
          this.processor = await this.deps.createProcessor(camera, this.backdrop(this.effect));
        } catch (error) {
          // the camera still goes, without its effect
          mediaLog('camera effect could not start', error);
        }
      }
      return this.output();
    });
  }

  /** The camera track stopped: its effect stops too. Returns the effect's track if there was one. */
  release(camera: MediaStreamTrack): MediaStreamTrack | undefined {
    if (this.camera !== camera) return undefined;
    const output = this.processor?.output;
    this.releaseNow();
    return output;
  }

  subscribe(listener: (change: OutputChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private output(): MediaStreamTrack {
    if (!this.camera) throw new Error('no camera track');
    return this.processor?.output ?? this.camera;
  }

  private releaseNow(): void {
    this.processor?.stop();
    this.processor = null;
    this.camera = null;
  }

  private backdrop(effect: CameraEffect): ProcessorBackdrop {
    return effect.mode === 'background' && this.image ? { mode: 'background', image: this.image } : { mode: 'blur' };
  }

  private async apply(effect: CameraEffect): Promise<void> {
    if (sameEffect(effect, this.effect)) return;
    let image = this.image;
    if (effect.mode === 'background') {
      const url = effect.background?.url;
      if (!url) throw new EffectError('FAILED_TO_LOAD_IMAGE');
      try {
        image = await this.deps.loadImage(url);
      } catch (error) {
        throw new EffectError('FAILED_TO_LOAD_IMAGE', error); // the effect stays as it was
      }
    }
    const backdrop: ProcessorBackdrop =
      effect.mode === 'background' && image ? { mode: 'background', image } : { mode: 'blur' };
    const camera = this.camera;
    if (camera && camera.readyState === 'live') {
      const previous = this.output();
      if (effect.mode === 'none') {
        this.processor?.stop();
        this.processor = null;
      } else if (this.processor) {
        this.processor.setBackdrop(backdrop);
      } else {
        try {
          this.processor = await this.deps.createProcessor(camera, backdrop);
        } catch (error) {
          mediaLog('camera effect could not start', error);
          throw new EffectError('CAMERA_EFFECT_UNAVAILABLE', error);
        }
      }
      const next = this.output();
      if (next !== previous) for (const listener of this.listeners) listener({ camera, previous, next });
    }
    this.effect = effect;
    this.image = effect.mode === 'background' ? image : null;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.lock.then(task, task);
    this.lock = run.catch(() => undefined);
    return run;
  }
}

/** The app's one camera (one live floor at a time). */
export const cameraEffects = new CameraEffects();

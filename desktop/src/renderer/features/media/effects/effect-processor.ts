import { EFFECT_FPS, SEGMENTATION_SIZE } from './effect-types';
import type { Segmenter } from './segmenter';
import { startTicker, type Ticker } from './ticker';

/** What the processor draws behind the person. */
export type ProcessorBackdrop = { mode: 'blur' } | { mode: 'background'; image: HTMLImageElement };

/** Effects work on at most 1280x720: enough for a tile, and the blur and compositing stay cheap on a CPU. */
const MAX_WIDTH = 1280;
const MAX_HEIGHT = 720;
/** The background is blurred at a quarter of the size (cheaper, and softer once scaled up). */
const BLUR_SCALE = 4;
const BLUR_RADIUS = 12;

const canvas = (width = 1, height = 1): HTMLCanvasElement => {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
};

const context = (c: HTMLCanvasElement, options?: CanvasRenderingContext2DSettings) => {
  const ctx = c.getContext('2d', options);
  if (!ctx) throw new Error('no 2d canvas context');
  return ctx;
};

/**
 * A camera track with its background blurred or replaced: each frame (up to
 * 30 per second) is scaled to the 256x256 segmentation input, the segmenter's
 * person mask is scaled back up as the alpha of the person layer, and the
 * person is drawn over the blurred frame or the image. `output` is the
 * canvas's captured track; `stop()` ends it (not the camera track).
 */
export class EffectProcessor {
  readonly output: MediaStreamTrack;
  /** The last person mask (0..1 per pixel of the 256x256 input); for tests and diagnostics. */
  lastMask: Float32Array | null = null;
  /** Frames composed so far. */
  frames = 0;
  private readonly video = document.createElement('video');
  private readonly out = canvas();
  private readonly outCtx = context(this.out);
  private readonly input = canvas(SEGMENTATION_SIZE, SEGMENTATION_SIZE);
  private readonly inputCtx = context(this.input, { willReadFrequently: true });
  private readonly mask = canvas(SEGMENTATION_SIZE, SEGMENTATION_SIZE);
  private readonly maskCtx = context(this.mask);
  private readonly maskPixels = new ImageData(SEGMENTATION_SIZE, SEGMENTATION_SIZE);
  private readonly person = canvas();
  private readonly personCtx = context(this.person);
  private readonly blurred = canvas();
  private readonly blurredCtx = context(this.blurred);
  private ticker: Ticker | undefined;
  private stopped = false;
  /** No frame before this time (performance.now()): see tick(). */
  private nextAt = 0;

  constructor(
    private readonly source: MediaStreamTrack,
    private readonly segmenter: Segmenter,
    private backdrop: ProcessorBackdrop,
  ) {
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.srcObject = new MediaStream([source]);
    const settings = source.getSettings();
    this.resize(settings.width ?? 640, settings.height ?? 480);
    const [track] = this.out.captureStream(EFFECT_FPS).getVideoTracks();
    if (!track) throw new Error('canvas capture gave no track');
    this.output = track;
    this.output.contentHint = 'motion';
  }

  /** Starts the frames once the camera plays; the first frame is drawn before this resolves. */
  async start(): Promise<void> {
    await this.video.play();
    this.tick();
    this.ticker = startTicker(1000 / EFFECT_FPS, () => this.tick());
  }

  setBackdrop(backdrop: ProcessorBackdrop): void {
    this.backdrop = backdrop;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.ticker?.stop();
    this.output.stop();
    this.video.pause();
    this.video.srcObject = null;
    this.segmenter.close();
  }

  private resize(width: number, height: number): void {
    const scale = Math.min(1, MAX_WIDTH / width, MAX_HEIGHT / height);
    const w = Math.max(2, Math.round(width * scale));
    const h = Math.max(2, Math.round(height * scale));
    if (this.out.width === w && this.out.height === h) return;
    for (const c of [this.out, this.person]) [c.width, c.height] = [w, h];
    [this.blurred.width, this.blurred.height] = [Math.ceil(w / BLUR_SCALE), Math.ceil(h / BLUR_SCALE)];
  }

  /**
   * Up to 30 frames a second, but a slow machine gets no backlog: after a frame that took t ms the next waits
   * at least 2t ms (ticks that arrive meanwhile are dropped), so effects take at most about half the main thread.
   */
  private tick(): void {
    const start = performance.now();
    if (start < this.nextAt) return;
    this.draw();
    const cost = performance.now() - start;
    this.nextAt = start + Math.max(1000 / EFFECT_FPS, 2 * cost) - 2;
  }

  /** One frame: segment, then compose. A frame the camera has not delivered yet is skipped. */
  private draw(): void {
    if (this.stopped || this.source.readyState === 'ended') return;
    const { videoWidth, videoHeight } = this.video;
    if (this.video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !videoWidth || !videoHeight) return;
    this.resize(videoWidth, videoHeight);
    this.inputCtx.drawImage(this.video, 0, 0, SEGMENTATION_SIZE, SEGMENTATION_SIZE);
    const confidence = this.segmenter.segment(this.input, performance.now());
    if (confidence) {
      this.lastMask = confidence;
      const pixels = this.maskPixels.data;
      for (let i = 0; i < confidence.length; i++) pixels[i * 4 + 3] = Math.round((confidence[i] ?? 0) * 255);
      this.maskCtx.putImageData(this.maskPixels, 0, 0);
    }
    if (!this.lastMask) return; // nothing to keep the person by yet
    this.compose();
    this.frames += 1;
  }

  private compose(): void {
    const { width: w, height: h } = this.out;
    // the person: the frame, kept where the mask says (soft edges from the scaled-up mask)
    const p = this.personCtx;
    p.globalCompositeOperation = 'copy';
    p.drawImage(this.video, 0, 0, w, h);
    p.globalCompositeOperation = 'destination-in';
    p.imageSmoothingEnabled = true;
    p.drawImage(this.mask, 0, 0, w, h);
    p.globalCompositeOperation = 'source-over';

    const o = this.outCtx;
    o.globalCompositeOperation = 'copy';
    if (this.backdrop.mode === 'blur') {
      const b = this.blurredCtx;
      const { width: bw, height: bh } = this.blurred;
      const radius = BLUR_RADIUS / BLUR_SCALE;
      b.filter = `blur(${radius}px)`;
      // drawn a little larger, so the blur does not fade the edges to transparent
      b.drawImage(this.video, -2 * radius, -2 * radius, bw + 4 * radius, bh + 4 * radius);
      b.filter = 'none';
      o.imageSmoothingEnabled = true;
      o.drawImage(this.blurred, 0, 0, w, h);
    } else {
      drawCover(o, this.backdrop.image, w, h);
    }
    o.globalCompositeOperation = 'source-over';
    o.drawImage(this.person, 0, 0);
  }
}

/** Draws `image` to fill w x h, cropped to keep its aspect ratio (CSS object-fit: cover). */
function drawCover(ctx: CanvasRenderingContext2D, image: HTMLImageElement, w: number, h: number): void {
  const iw = image.naturalWidth || w;
  const ih = image.naturalHeight || h;
  const scale = Math.max(w / iw, h / ih);
  const sw = w / scale;
  const sh = h / scale;
  ctx.drawImage(image, (iw - sw) / 2, (ih - sh) / 2, sw, sh, 0, 0, w, h);
}

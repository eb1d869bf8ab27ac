import type { ImageSegmenter } from '@mediapipe/tasks-vision';
// Served from our own origin (no CDN at run time): Vite copies these into the build with hashed names.
import wasmLoaderUrl from '@mediapipe/tasks-vision/vision_wasm_internal.js?url';
import wasmBinaryUrl from '@mediapipe/tasks-vision/vision_wasm_internal.wasm?url';
// The selfie segmentation model with the metadata build/segmentation-model.mjs attaches (an alias in vite.config.ts).
import modelUrl from '@segmentation-model/selfie_segmentation.tflite?url';

export interface Segmenter {
  /**
   * The person's confidence (0..1) for each pixel of `image`, row by row, or null when the segmenter gave
   * nothing for this frame. `image` is the 256x256 segmentation input; the mask has the same size.
   */
  segment(image: HTMLCanvasElement, timestampMs: number): Float32Array | null;
  close(): void;
}

let shared: Promise<ImageSegmenter> | undefined;
let users = 0;
/** VIDEO mode needs strictly increasing timestamps, across processors too: the instance is shared. */
let lastTimestamp = -1;
/** How long the segmenter stays loaded with no effect on. */
const IDLE_CLOSE_MS = 60_000;
/** Absolute URL of a built asset (relative in the Electron build, where the page is a file). */
const absolute = (url: string) => new URL(url, document.baseURI).href;

async function create(): Promise<ImageSegmenter> {
  // tasks-vision loads on the first effect: its own chunk, not the floor page's
  const { ImageSegmenter: Segmenter } = await import('@mediapipe/tasks-vision');
  return Segmenter.createFromOptions(
    { wasmLoaderPath: absolute(wasmLoaderUrl), wasmBinaryPath: absolute(wasmBinaryUrl) },
    {
      // CPU: XNNPACK runs everywhere (headless Chromium and machines without a usable GPU); 256x256 is small
      baseOptions: { modelAssetPath: absolute(modelUrl), delegate: 'CPU' },
      runningMode: 'VIDEO',
      outputConfidenceMasks: true,
      outputCategoryMask: false,
    },
  );
}

/**
 * The person segmenter (MediaPipe ImageSegmenter). One instance is shared by
 * every effect processor and closed a while after the last one lets go (so
 * turning an effect off and on again does not load it again); a failed load
 * is forgotten so the next effect tries again.
 */
export async function openSegmenter(): Promise<Segmenter> {
  let instance: ImageSegmenter;
  for (;;) {
    const pending = (shared ??= create().catch((error: unknown) => {
      shared = undefined;
      throw error;
    }));
    instance = await pending;
    if (shared === pending) break; // else the last user closed it meanwhile: open a new one
  }
  users += 1;
  let closed = false;
  return {
    segment(image, timestampMs) {
      const at = Math.max(Math.floor(timestampMs), lastTimestamp + 1);
      lastTimestamp = at;
      let mask: Float32Array | null = null;
      instance.segmentForVideo(image, at, (result) => {
        const confidence = result.confidenceMasks?.[0];
        // the mask lives only during the callback: copy it out
        if (confidence) mask = confidence.getAsFloat32Array().slice();
      });
      return mask;
    },
    close() {
      if (closed) return;
      closed = true;
      users -= 1;
      if (users > 0) return;
      const current = shared;
      setTimeout(() => {
        if (users > 0 || !current || shared !== current) return;
        shared = undefined;
        void current.then((s) => s.close()).catch(() => undefined);
      }, IDLE_CLOSE_MS);
    },
  };
}

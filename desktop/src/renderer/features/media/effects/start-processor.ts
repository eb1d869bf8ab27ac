import { EffectProcessor, type ProcessorBackdrop } from './effect-processor';
import { openSegmenter } from './segmenter';

/** A running effect processor on a camera track (loaded with the first effect: tasks-vision is its own chunk). */
export async function startProcessor(camera: MediaStreamTrack, backdrop: ProcessorBackdrop): Promise<EffectProcessor> {
  const processor = new EffectProcessor(camera, await openSegmenter(), backdrop);
  try {
    await processor.start();
  } catch (error) {
    processor.stop();
    throw error;
  }
  return processor;
}

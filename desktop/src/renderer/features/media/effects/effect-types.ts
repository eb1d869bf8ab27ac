import type { ErrorCode } from '@tsudoi/common';

/** Visual effect modes (spec §3): none, blur, background. */
export type EffectMode = 'none' | 'blur' | 'background';

/** A background image: built-in ones have ids `builtin:*`, uploaded ones `upload:<id>` (virtual backgrounds). */
export interface EffectBackground {
  id: string;
  url: string;
}

export interface CameraEffect {
  mode: EffectMode;
  /** The image behind the person, for mode 'background'. */
  background: EffectBackground | null;
}

export const NO_EFFECT: CameraEffect = { mode: 'none', background: null };

/** Effect frame rate and segmentation input (calls-errors-limits §9.1). */
export const EFFECT_FPS = 30;
export const SEGMENTATION_SIZE = 256;

export const sameEffect = (a: CameraEffect, b: CameraEffect): boolean =>
  a.mode === b.mode && (a.mode !== 'background' || a.background?.url === b.background?.url);

/** Why an effect could not be applied, as a catalogue code (spec §8.4: failedToLoadImage). */
export class EffectError extends Error {
  override name = 'EffectError';
  constructor(
    readonly code: ErrorCode,
    readonly reason?: unknown,
  ) {
    super(code);
  }
}

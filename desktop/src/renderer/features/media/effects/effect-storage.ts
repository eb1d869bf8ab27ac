import type { CameraEffect } from './effect-types';

/** Where the camera effect is kept across visits (localStorage). */
export const STORAGE_KEY = 'tsudoi.media.effect';

/**
 * The id (`upload:<id>`) of an uploaded background kept as the effect from the
 * last visit: its object URL died with that page, so it is not applied at
 * start but chosen again once its image is downloaded (virtual backgrounds).
 */
export function storedUploadedBackgroundId(): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<CameraEffect> | null;
    const id = stored?.mode === 'background' ? stored.background?.id : undefined;
    return typeof id === 'string' && /^upload:\d+$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

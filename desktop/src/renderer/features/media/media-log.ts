/**
 * Media problems the user is not shown (spec §8.4: a refused or missing
 * device is only logged, with the audio-only or video-only fallback).
 */
export function mediaLog(message: string, error?: unknown): void {
  // eslint-disable-next-line no-console -- the renderer has no log sink; the browser console is it
  console.warn(`[media] ${message}`, error ?? '');
}

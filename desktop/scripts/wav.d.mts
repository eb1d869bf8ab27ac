/** Types of wav.mjs (used by the browser tests). */
export function pcm16MonoWav(data: Buffer, rate: number): Buffer;

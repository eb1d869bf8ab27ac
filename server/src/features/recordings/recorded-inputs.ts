import type { types as ms } from 'mediasoup';
import type { ProducerData } from '../media/peer-media';

export const MAX_AUDIO_INPUTS = 8;

/**
 * What a segment records of the room's live producers: the microphones (at
 * most MAX_AUDIO_INPUTS, mixed) and one picture, a screen share before a
 * camera. `first` are the people who go first: on the stage the running
 * presentation's speakers, so a full audience cannot crowd their microphones
 * out of the mix nor a camera in the audience take the picture. Pictures in
 * `unreadable` (no key frame while ffmpeg probed) are left out.
 */
export function recordedInputs(
  producers: readonly ms.Producer<ProducerData>[],
  first: ReadonlySet<number>,
  unreadable: ReadonlySet<string>,
): { audio: ms.Producer<ProducerData>[]; video: ms.Producer<ProducerData> | undefined } {
  const live = producers.filter((p) => !p.closed && !p.paused);
  // a stable order: the people who go first, then everyone else as they came
  const ordered = [
    ...live.filter((p) => first.has(p.appData.userId)),
    ...live.filter((p) => !first.has(p.appData.userId)),
  ];
  const audio = ordered.filter((p) => p.appData.source === 'mic').slice(0, MAX_AUDIO_INPUTS);
  const pictures = ordered.filter(
    (p) => (p.appData.source === 'screen' || p.appData.source === 'camera') && !unreadable.has(p.id),
  );
  const ranked = (p: ms.Producer<ProducerData>) =>
    (first.has(p.appData.userId) || first.size === 0 ? 0 : 2) + (p.appData.source === 'screen' ? 0 : 1);
  const video = [...pictures].sort((a, b) => ranked(a) - ranked(b))[0];
  return { audio, video };
}

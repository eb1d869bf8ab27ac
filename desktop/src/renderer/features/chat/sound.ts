import type { AreaType } from '@tsudoi/common';

/**
 * Where the user is, as far as the received-message sound cares (spec §4:
 * "a received-message sound plays depending on floor state"):
 * - `off-floor`: not on a live floor (the /chat page, lists…);
 * - `floor`: on the live floor in an ordinary room;
 * - `stage`: on the stage or in the waiting room (presentation view);
 * - `meeting`: in a meeting room (a conference).
 */
export type FloorSoundState = 'off-floor' | 'floor' | 'stage' | 'meeting';

export function floorSoundState(onFloor: boolean, areaType: AreaType | null): FloorSoundState {
  if (!onFloor) return 'off-floor';
  if (areaType === 'STAGE') return 'stage';
  if (areaType === 'MEETING') return 'meeting';
  return 'floor';
}

export interface IncomingForSound {
  fromMe: boolean;
  /** The message is in the conversation on screen and the page is visible and focused. */
  seenOnScreen: boolean;
  floor: FloorSoundState;
}

/**
 * Decided (docs/decisions/0116-the-received-message-sound-depends-on-where-one-sits.md): no sound for one's own messages or a
 * message already in view; none on the stage or in a meeting room, where the
 * user's microphone is open to an audience and a chime would reach them (the
 * unread badge still counts); a soft chime everywhere else.
 */
export function playsReceivedSound({ fromMe, seenOnScreen, floor }: IncomingForSound): boolean {
  if (fromMe || seenOnScreen) return false;
  return floor === 'off-floor' || floor === 'floor';
}

let context: AudioContext | null = null;

/** A short two-note chime made with Web Audio (no sound file to ship); silent where audio is unavailable. */
export function playChime(): void {
  try {
    const Ctor = globalThis.AudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const now = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const start = now + i * 0.09;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.12, start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.4);
    }
  } catch {
    // Autoplay policy or no audio device: the unread badge is enough.
  }
}

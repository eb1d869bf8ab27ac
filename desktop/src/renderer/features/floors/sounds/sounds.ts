import enterUrl from '@resources/sounds/enter.wav';
import knockUrl from '@resources/sounds/knock.wav';
import ringUrl from '@resources/sounds/ring.wav';
import { useSyncExternalStore } from 'react';
import { readMuted, writeMuted, type SoundName } from './sound-rules';

/**
 * The floor's sounds (drawn by desktop/scripts/sounds.mjs into
 * resources/sounds): one <audio> per sound, made on first use. Playing can
 * be refused by the browser before the first click on the page; that is
 * ignored (the cards still show).
 */
const URLS: Record<SoundName, string> = { knock: knockUrl, enter: enterUrl, ring: ringUrl };
const VOLUME: Record<SoundName, number> = { knock: 0.8, enter: 0.5, ring: 0.6 };
const players = new Map<SoundName, HTMLAudioElement>();

function player(name: SoundName): HTMLAudioElement {
  let audio = players.get(name);
  if (!audio) {
    audio = new Audio(URLS[name]);
    audio.preload = 'auto';
    audio.volume = VOLUME[name];
    audio.loop = name === 'ring';
    players.set(name, audio);
  }
  return audio;
}

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);
let muted = readMuted(storage());
const listeners = new Set<() => void>();

export function playSound(name: SoundName): void {
  if (muted) return;
  const audio = player(name);
  audio.currentTime = 0;
  void audio.play().catch(() => undefined);
}

export function stopSound(name: SoundName): void {
  const audio = players.get(name);
  if (!audio) return;
  audio.pause();
  audio.currentTime = 0;
}

export function setSoundsMuted(next: boolean): void {
  muted = next;
  writeMuted(storage(), next);
  if (next) for (const name of players.keys()) stopSound(name);
  for (const listener of listeners) listener();
}

/** The mute choice (kept in localStorage), shared by every component that shows or obeys it. */
export function useSoundsMuted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => muted,
  );
}

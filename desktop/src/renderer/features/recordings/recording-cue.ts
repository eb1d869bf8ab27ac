/**
 * The recording cue: two rising beeps when a recording of my room starts,
 * two falling ones when it ends (Web Audio, no file). A browser that has not
 * had a click yet may refuse to play; the indicator still shows.
 */
let context: AudioContext | undefined;
export let cuesPlayed = 0;

export function playRecordingCue(kind: 'start' | 'stop'): void {
  cuesPlayed++;
  if (typeof document !== 'undefined') document.documentElement.dataset.recordingCues = String(cuesPlayed);
  try {
    context ??= new AudioContext();
    const tones = kind === 'start' ? [660, 880] : [880, 660];
    tones.forEach((frequency, i) => {
      const at = context!.currentTime + i * 0.18;
      const osc = context!.createOscillator();
      const gain = context!.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      osc.connect(gain).connect(context!.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    });
  } catch {
    // no audio output: the indicator is enough
  }
}

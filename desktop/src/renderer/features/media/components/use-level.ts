import { useEffect, useState } from 'react';

/**
 * The loudness of a microphone track, 0..1 (Web Audio AnalyserNode, the
 * signal's RMS scaled up so speech fills most of the bar), updated about
 * 15 times a second; 0 without a track.
 */
export function useLevel(track: MediaStreamTrack | undefined): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const v of samples) sum += v * v;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    }, 66);
    void context.resume().catch(() => undefined);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [track]);
  return level;
}

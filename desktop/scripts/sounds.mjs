// Draws the floor's three sounds as small 16-bit mono WAV files in resources/sounds
// (committed; run again only to change them): `node desktop/scripts/sounds.mjs`.
//   knock.wav  two knocks on a wooden door (entering the rooms of the spec's knock lists)
//   enter.wav  a soft rising two-note chime (entering any other room)
//   ring.wav   one bar of a gentle ring, played in a loop while an invitation waits
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pcm16MonoWav } from './wav.mjs';

const RATE = 22_050;
const OUT = fileURLToPath(new URL('../../resources/sounds/', import.meta.url));

/** A silent buffer of `seconds`. */
const silence = (seconds) => new Float32Array(Math.round(seconds * RATE));

/** Adds a sine of `freq` Hz at `start` s with an exponential decay (time constant `tau` s) and a 5 ms attack. */
function tone(buffer, start, freq, length, gain, tau) {
  const from = Math.round(start * RATE);
  const count = Math.round(length * RATE);
  for (let i = 0; i < count && from + i < buffer.length; i++) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.005);
    buffer[from + i] += gain * attack * Math.exp(-t / tau) * Math.sin(2 * Math.PI * freq * t);
  }
}

/** A knock: a low body thump with a short burst of filtered noise on top (seeded, so the file is reproducible). */
function knock(buffer, start, gain) {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  tone(buffer, start, 110, 0.18, gain, 0.035);
  tone(buffer, start, 190, 0.12, gain * 0.6, 0.025);
  const from = Math.round(start * RATE);
  let low = 0;
  for (let i = 0; i < 0.03 * RATE; i++) {
    low += 0.25 * (random() - low);
    buffer[from + i] += gain * 0.5 * low * Math.exp(-i / (0.006 * RATE));
  }
}

function toWav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0) || 1;
  samples.forEach((v, i) => data.writeInt16LE(Math.round((v / peak) * 0.8 * 32767), i * 2));
  return pcm16MonoWav(data, RATE);
}

const sounds = {
  knock() {
    const b = silence(0.55);
    knock(b, 0.01, 1);
    knock(b, 0.2, 0.85);
    return b;
  },
  enter() {
    const b = silence(0.7);
    tone(b, 0, 659.25, 0.45, 0.5, 0.16); // E5
    tone(b, 0, 1318.5, 0.2, 0.08, 0.06);
    tone(b, 0.12, 880, 0.55, 0.5, 0.2); // A5
    tone(b, 0.12, 1760, 0.25, 0.08, 0.07);
    return b;
  },
  ring() {
    // Two quick two-note pulses, then a rest: 1.6 s, looped by the player.
    const b = silence(1.6);
    for (const at of [0, 0.3]) {
      tone(b, at, 784, 0.26, 0.45, 0.12); // G5
      tone(b, at + 0.11, 1046.5, 0.3, 0.4, 0.13); // C6
      tone(b, at + 0.11, 2093, 0.12, 0.05, 0.05);
    }
    return b;
  },
};

fs.mkdirSync(OUT, { recursive: true });
for (const [name, draw] of Object.entries(sounds)) {
  const file = `${OUT}${name}.wav`;
  fs.writeFileSync(file, toWav(draw()));
  console.log(`${file} ${fs.statSync(file).size} bytes`);
}

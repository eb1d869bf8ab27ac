import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { RecognisedSegment, TranscriptEngine } from './engine';

const run = promisify(execFile);
const FILLERS = new Set(['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '++NOISE++', '++BREATH++']);

/** Silence (s) between two words that ends a transcript line. */
const PAUSE_S = 1;

/**
 * Parses `pocketsphinx_continuous -time yes`: per utterance a hypothesis line,
 * then `word start end confidence` lines between `<s>` and `</s>`.
 * Alternate pronunciations (`that(2)`) are reduced to the word.
 */
export function parsePocketsphinx(stdout: string): RecognisedSegment[] {
  const segments: RecognisedSegment[] = [];
  let words: { word: string; start: number; end: number }[] = [];
  const flush = () => {
    if (words.length > 0)
      segments.push({
        startMs: Math.round(words[0]!.start * 1000),
        endMs: Math.round(words.at(-1)!.end * 1000),
        text: words.map((w) => w.word).join(' '),
      });
    words = [];
  };
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const word = m[1]!;
    if (word === '<s>') flush();
    if (word === '</s>') {
      flush();
      continue;
    }
    if (FILLERS.has(word) || word.startsWith('[') || word.startsWith('++')) continue;
    // a pause splits an utterance (pocketsphinx runs sentences across pauses together, and the speaker
    // of a line is read at its middle: two people's sentences in one line gave it to one of them)
    if (words.length > 0 && Number(m[2]) - words.at(-1)!.end >= PAUSE_S) flush();
    words.push({ word: word.replace(/\(\d+\)$/, ''), start: Number(m[2]), end: Number(m[3]) });
  }
  flush();
  return segments;
}

/** The offline engine: CMU PocketSphinx from Debian (`pocketsphinx`, `pocketsphinx-en-us`): US English only. */
export class PocketsphinxEngine implements TranscriptEngine {
  readonly name = 'pocketsphinx';
  readonly languages = ['en'] as const;

  constructor(private readonly bin = 'pocketsphinx_continuous') {}

  async transcribe(wavFile: string): Promise<RecognisedSegment[]> {
    const { stdout } = await run(this.bin, ['-infile', wavFile, '-time', 'yes', '-logfn', '/dev/null'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return parsePocketsphinx(stdout);
  }
}

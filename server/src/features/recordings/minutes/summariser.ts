import type { MinutesDto } from '@tsudoi/common';

/** A minutes writer (chosen by MINUTES_ENGINE): the transcript's sentences in, sections out. */
export interface MinutesEngine {
  readonly name: string;
  summarise(sentences: readonly string[]): Promise<Omit<MinutesDto, 'engine'>>;
}

const JA = /[\u3040-\u30ff\u3400-\u9fff]/;
const STOP_EN = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been it this that these those i you he she we they me us them my our your their do does did have has had will would can could should shall may might not no so just very uh um okay yes yeah'.split(
    ' ',
  ),
);
const DECISION =
  /\b(decid\w*|agreed?|conclu\w*|approv\w*|we will go with|final(?:ly|ised|ized)?|settled)\b|決定|決ま|合意|決め|承認|結論/i;
const ACTION =
  /\b(please|todo|to-do|action item|will send|will prepare|need to|needs to|must|follow up|assign\w*|by (?:monday|tuesday|wednesday|thursday|friday|tomorrow|next week|the end of))\b|お願い|してください|までに|担当|対応します|宿題|確認します|送ります/i;

/** Sentences of a text: Intl.Segmenter's sentence boundaries (Japanese 。 included). */
export function sentencesOf(text: string): string[] {
  const locale = JA.test(text) ? 'ja' : 'en';
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  return [...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
}

/** Content words of a sentence (Intl.Segmenter words, lower case, stop words and 1-char kana dropped). */
export function wordsOf(sentence: string): string[] {
  const locale = JA.test(sentence) ? 'ja' : 'en';
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const words: string[] = [];
  for (const s of segmenter.segment(sentence)) {
    if (!s.isWordLike) continue;
    const w = s.segment.toLowerCase();
    if (STOP_EN.has(w)) continue;
    if (locale === 'ja' && w.length < 2 && /^[\u3040-\u309f]$/.test(w)) continue;
    words.push(w);
  }
  return words;
}

/**
 * The offline minutes: extractive. Each sentence scores the summed frequency
 * of its content words over the whole transcript, divided by the square root
 * of its length (long sentences do not win by length alone); the best few,
 * in spoken order, are the summary. Decisions and action items are the
 * sentences with their cue words (English and Japanese).
 */
export class ExtractiveSummariser implements MinutesEngine {
  readonly name = 'extractive';

  constructor(private readonly summaryMax = 5) {}

  async summarise(sentences: readonly string[]) {
    const unique = [...new Set(sentences.map((s) => s.trim()).filter(Boolean))];
    const freq = new Map<string, number>();
    const words = unique.map(wordsOf);
    for (const ws of words) for (const w of ws) freq.set(w, (freq.get(w) ?? 0) + 1);
    const scored = unique.map((sentence, i) => {
      const ws = words[i]!;
      const sum = ws.reduce((acc, w) => acc + (freq.get(w) ?? 0), 0);
      return { sentence, i, score: ws.length ? sum / Math.sqrt(ws.length) : 0 };
    });
    const limit = Math.min(this.summaryMax, Math.max(1, Math.ceil(unique.length / 3)));
    const summary = scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, limit)
      .sort((a, b) => a.i - b.i)
      .map((s) => s.sentence);
    return {
      summary,
      decisions: unique.filter((s) => DECISION.test(s)),
      actionItems: unique.filter((s) => ACTION.test(s) && !DECISION.test(s)),
    };
  }
}

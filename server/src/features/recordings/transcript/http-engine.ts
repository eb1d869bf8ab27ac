import fs from 'node:fs/promises';
import path from 'node:path';
import type { RecognisedSegment, TranscriptEngine } from './engine';

interface VerboseJson {
  text?: string;
  duration?: number;
  segments?: { start: number; end: number; text: string }[];
}

/**
 * Any OpenAI-compatible speech-to-text server (OpenAI, whisper.cpp's server,
 * faster-whisper servers): `POST {url}/v1/audio/transcriptions`, multipart
 * `file` + `model` + `response_format=verbose_json`, answer `{ text, segments[] }`
 * with times in seconds. A server answering only `text` gives one segment.
 */
export class HttpTranscriptEngine implements TranscriptEngine {
  readonly name = 'http';

  constructor(
    private readonly options: { url: string; apiKey?: string; model: string; languages: string[] },
    private readonly timeoutMs = 10 * 60_000,
  ) {}

  get languages(): readonly string[] {
    return this.options.languages;
  }

  async transcribe(wavFile: string): Promise<RecognisedSegment[]> {
    const form = new FormData();
    form.set('file', new Blob([await fs.readFile(wavFile)], { type: 'audio/wav' }), path.basename(wavFile));
    form.set('model', this.options.model);
    form.set('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    // one configured language (TRANSCRIPT_HTTP_LANGUAGES=ja): told to the server, which then neither guesses
    // the language from the first seconds nor translates; several: the server detects it per recording
    if (this.options.languages.length === 1) form.set('language', this.options.languages[0]!);
    const url = `${this.options.url.replace(/\/$/, '')}/v1/audio/transcriptions`;
    const res = await fetch(url, {
      method: 'POST',
      body: form,
      headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`transcription server answered ${res.status}`);
    const body = (await res.json()) as VerboseJson;
    if (Array.isArray(body.segments) && body.segments.length > 0)
      return body.segments
        .map((s) => ({ startMs: Math.round(s.start * 1000), endMs: Math.round(s.end * 1000), text: s.text.trim() }))
        .filter((s) => s.text);
    const text = body.text?.trim();
    if (typeof body.text !== 'string') throw new Error('transcription server answered no text');
    return text ? [{ startMs: 0, endMs: Math.round((body.duration ?? 0) * 1000), text }] : [];
  }
}

/** One stretch of recognised speech, times in ms from the start of the audio given. */
export interface RecognisedSegment {
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * A speech-to-text engine (chosen by TRANSCRIPT_ENGINE). It reads a 16 kHz
 * mono WAV and answers timed segments; an empty list is an empty transcript.
 * `languages` are what it understands, shown as such in the UI.
 */
export interface TranscriptEngine {
  readonly name: string;
  readonly languages: readonly string[];
  transcribe(wavFile: string): Promise<RecognisedSegment[]>;
}

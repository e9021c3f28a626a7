/** One recognised word, seconds from the start of the audio. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

export interface TranscribeOptions {
  /** Two-letter language code. */
  language: string;
  /** Skip long silences before decoding, where the engine can. */
  vadFilter: boolean;
  /** Beam width of the decoder, where the engine has one. */
  beamSize: number;
  signal?: AbortSignal;
}

/** Speech to text with a start and end time for every word. */
export interface SpeechToText {
  /** `audioWavPath` is a 16 kHz mono WAV of ours. */
  transcribe(audioWavPath: string, options: TranscribeOptions): Promise<{ words: TimedWord[] }>;
}

/** Engines keep words in time order and drop empty or backwards timings. */
export function cleanWords(words: TimedWord[]): TimedWord[] {
  return words
    .map((w) => ({ text: w.text.trim(), start: Math.max(0, w.start), end: w.end }))
    .filter((w) => w.text.length > 0 && Number.isFinite(w.start) && Number.isFinite(w.end) && w.end >= w.start)
    .sort((a, b) => a.start - b.start);
}

import { cleanWords, type TimedWord } from './speech-to-text';

/** The part of the whisper CLI's `--output_format json` file that carries word timings. */
interface WhisperJson {
  segments?: { words?: { word?: unknown; start?: unknown; end?: unknown }[] }[];
}

/**
 * Reads the words of a whisper JSON result written with
 * `--word_timestamps True`. Whisper keeps the leading space and the
 * punctuation on each word (" world."); the space goes, the punctuation stays.
 */
export function parseWhisperJson(text: string): TimedWord[] {
  const data = JSON.parse(text) as WhisperJson;
  const words: TimedWord[] = [];
  for (const segment of data.segments ?? []) {
    for (const word of segment.words ?? []) {
      if (typeof word.word !== 'string' || typeof word.start !== 'number' || typeof word.end !== 'number') continue;
      words.push({ text: word.word, start: word.start, end: word.end });
    }
  }
  return cleanWords(words);
}

import { captionsParamsSchema, type CaptionsParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { TimedWord } from '../../providers/speech-to-text';

/** Parameters as the contract makes them from raw request values, for the builder's tests. */
export function captionParams(raw: Record<string, unknown> = {}): CaptionsParams {
  return captionsParamsSchema.parse(raw);
}

/** Words spoken one after another, each `length` seconds with `gap` seconds between. */
export function spokenWords(texts: string[], { start = 1, length = 0.4, gap = 0.1 } = {}): TimedWord[] {
  return texts.map((text, i) => ({ text, start: start + i * (length + gap), end: start + i * (length + gap) + length }));
}

export interface ParsedDialogue {
  start: number;
  end: number;
  text: string;
}

/** The Dialogue lines of an .ass file, times in seconds. */
export function parseDialogues(ass: string): ParsedDialogue[] {
  const seconds = (t: string) => {
    const [h = '0', m = '0', s = '0'] = t.split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return ass
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => {
      const fields = line.slice('Dialogue: '.length).split(',');
      return { start: seconds(fields[1] ?? ''), end: seconds(fields[2] ?? ''), text: fields.slice(9).join(',') };
    });
}

/**
 * Word timings back from karaoke events: each `{\kN}` block starts a
 * syllable; syllables whose text is only a separator are the silences.
 */
export function karaokeWordTimings(ass: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const event of parseDialogues(ass)) {
    let at = event.start;
    for (const match of event.text.matchAll(/\{[^}]*?\\k(\d+)[^}]*\}((?:[^{]|\{(?![^}]*\\k))*)/g)) {
      const length = Number(match[1]) / 100;
      const text = (match[2] ?? '').replace(/\{[^}]*\}/g, '').replace(/\\N/g, '').trim();
      if (text) words.push({ text, start: at, end: at + length });
      at += length;
    }
  }
  return words;
}

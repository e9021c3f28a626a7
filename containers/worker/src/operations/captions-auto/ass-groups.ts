import type { CaptionsParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { TimedWord } from '../../providers/speech-to-text';

/** A silence this long ends a caption, whatever room is left in it. */
export const PAUSE_SECONDS = 0.6;

/** One caption on screen: its lines of words. */
export interface CaptionGroup {
  lines: TimedWord[][];
}

/** How many words one caption holds, and how many of them go on one line, by `split`. */
export function groupShape(params: Pick<CaptionsParams, 'split' | 'max_words_per_line' | 'max_lines'>): { perGroup: number; perLine: number } {
  const { split, max_words_per_line: perLine, max_lines: lines } = params;
  if (split === 'none') return { perGroup: perLine * lines, perLine: perLine * lines };
  if (split === 'line') return { perGroup: perLine, perLine };
  return { perGroup: perLine * lines, perLine };
}

/**
 * Splits the words into captions: `none` keeps one line until the caption
 * is full or a pause comes; `word` stacks lines of `max_words_per_line`
 * words, up to `max_lines` of them; `line` shows one such line at a time.
 * A pause or the end of a sentence always closes a caption.
 */
export function groupWords(words: TimedWord[], params: Pick<CaptionsParams, 'split' | 'max_words_per_line' | 'max_lines'>): CaptionGroup[] {
  const { perGroup, perLine } = groupShape(params);
  const runs: TimedWord[][] = [];
  let run: TimedWord[] = [];
  for (const word of words) {
    const last = run[run.length - 1];
    const breaks = last !== undefined && (run.length >= perGroup || word.start - last.end > PAUSE_SECONDS || /[.!?]["')\]]*$/.test(last.text));
    if (breaks) {
      runs.push(run);
      run = [];
    }
    run.push(word);
  }
  if (run.length) runs.push(run);
  return runs.map((r) => ({ lines: chunk(r, perLine) }));
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

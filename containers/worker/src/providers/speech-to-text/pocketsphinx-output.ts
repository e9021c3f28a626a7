import { cleanWords, type TimedWord } from './speech-to-text';

/** Tokens that are markers of the decoder, not words that were said. */
const NOT_WORDS = new Set(['<s>', '</s>', '<sil>']);

/**
 * Parses `pocketsphinx_continuous -time yes` output: per utterance a line
 * with the hypothesis, then one `word start end confidence` line per token.
 * Fillers such as `[NOISE]` and `++UM++` are skipped, and alternate
 * pronunciations (`hello(2)`) lose their suffix.
 */
export function parsePocketsphinxOutput(stdout: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/.exec(line.trim());
    if (!match) continue;
    const [, token = '', start = '', end = ''] = match;
    if (NOT_WORDS.has(token) || /^\[.*\]$/.test(token) || /^\+\+.*\+\+$/.test(token)) continue;
    const text = token.replace(/\(\d+\)$/, '');
    words.push({ text, start: Number(start), end: Number(end) });
  }
  return cleanWords(words);
}

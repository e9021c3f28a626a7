import { InputRejectedError } from '../../operations/operation';
import { parsePocketsphinxOutput } from './pocketsphinx-output';
import { runTool } from './run-tool';
import type { SpeechToText, TimedWord, TranscribeOptions } from './speech-to-text';

/** The command line for one WAV; the log goes nowhere so stdout holds only results. */
export function pocketsphinxArgs(audioWavPath: string): string[] {
  return ['-infile', audioWavPath, '-time', 'yes', '-remove_silence', 'no', '-logfn', '/dev/null'];
}

/**
 * The local recogniser: Debian's pocketsphinx with its US English model.
 * Its beam is a probability threshold, not a width, and its own silence
 * removal would shift the timings, so `beamSize` and `vadFilter` do not
 * apply to it.
 */
export class PocketsphinxSpeechToText implements SpeechToText {
  constructor(private readonly bin = 'pocketsphinx_continuous') {}

  async transcribe(audioWavPath: string, options: TranscribeOptions): Promise<{ words: TimedWord[] }> {
    if (options.language !== 'en') {
      throw new InputRejectedError({
        code: 'language_unsupported',
        message: `Error: speech in language "${options.language}" cannot be recognised here; only English (en) is supported.`,
        param: 'language',
        hint: 'Use language=en.',
      });
    }
    const stdout = await runTool(this.bin, pocketsphinxArgs(audioWavPath), options.signal);
    return { words: parsePocketsphinxOutput(stdout) };
  }
}

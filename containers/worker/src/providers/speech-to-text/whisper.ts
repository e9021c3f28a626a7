import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { runTool } from './run-tool';
import type { SpeechToText, TimedWord, TranscribeOptions } from './speech-to-text';
import { parseWhisperJson } from './whisper-output';

export interface WhisperOptions {
  /** The whisper CLI, as installed in the production image. */
  bin: string;
  /** A model name the CLI knows (tiny, base, small, medium, large-v3...). */
  model: string;
  /** Where the model was downloaded when the image was built, so no job downloads it. */
  modelDir?: string;
  /** The CLI takes `--vad_filter` (faster-whisper based CLIs do; openai-whisper does not). */
  vadFlag: boolean;
}

export function whisperArgs(audioWavPath: string, outDir: string, options: WhisperOptions, transcribe: TranscribeOptions): string[] {
  return [
    audioWavPath,
    '--model', options.model,
    ...(options.modelDir ? ['--model_dir', options.modelDir] : []),
    '--language', transcribe.language,
    '--task', 'transcribe',
    '--word_timestamps', 'True',
    '--beam_size', String(transcribe.beamSize),
    '--output_format', 'json',
    '--output_dir', outDir,
    '--verbose', 'False',
    ...(options.vadFlag ? ['--vad_filter', transcribe.vadFilter ? 'True' : 'False'] : []),
  ];
}

/** The JSON file whisper writes for an input: the input's base name with `.json`. */
export function whisperJsonPath(audioWavPath: string, outDir: string): string {
  return join(outDir, `${basename(audioWavPath, extname(audioWavPath))}.json`);
}

/** The production recogniser: the whisper CLI with word timestamps, any language it knows. */
export class WhisperSpeechToText implements SpeechToText {
  constructor(private readonly options: WhisperOptions) {}

  async transcribe(audioWavPath: string, transcribe: TranscribeOptions): Promise<{ words: TimedWord[] }> {
    const outDir = await mkdtemp(join(dirname(audioWavPath), 'whisper-'));
    try {
      await runTool(this.options.bin, whisperArgs(audioWavPath, outDir, this.options, transcribe), transcribe.signal);
      return { words: parseWhisperJson(await readFile(whisperJsonPath(audioWavPath, outDir), 'utf8')) };
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }
}

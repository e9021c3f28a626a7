import { z } from 'zod';
import { inProduction, runtimeSchema } from '../../config';
import { PocketsphinxSpeechToText } from './pocketsphinx';
import type { SpeechToText } from './speech-to-text';
import { WhisperSpeechToText } from './whisper';

export type { SpeechToText, TimedWord, TranscribeOptions } from './speech-to-text';

/** Which recogniser the worker uses: `pocketsphinx` needs only Debian packages, `whisper` is the production image's (and its default). */
export const speechToTextConfigSchema = runtimeSchema.extend({
  STT_PROVIDER: z.enum(['pocketsphinx', 'whisper']).optional(),
  WHISPER_BIN: z.string().min(1).default('whisper'),
  WHISPER_MODEL: z.string().regex(/^[a-z0-9._-]+$/).default('small'),
  WHISPER_MODEL_DIR: z.string().min(1).optional(),
  WHISPER_VAD_FLAG: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type SpeechToTextConfig = z.infer<typeof speechToTextConfigSchema>;

export function createSpeechToText(config: SpeechToTextConfig): SpeechToText {
  const provider = config.STT_PROVIDER ?? (inProduction(config) ? 'whisper' : 'pocketsphinx');
  return provider === 'whisper'
    ? new WhisperSpeechToText({ bin: config.WHISPER_BIN, model: config.WHISPER_MODEL, modelDir: config.WHISPER_MODEL_DIR, vadFlag: config.WHISPER_VAD_FLAG })
    : new PocketsphinxSpeechToText();
}

let current: SpeechToText | undefined;

/** The recogniser this process's environment configures, made on first use. */
export function speechToText(): SpeechToText {
  current ??= createSpeechToText(speechToTextConfigSchema.parse(process.env));
  return current;
}

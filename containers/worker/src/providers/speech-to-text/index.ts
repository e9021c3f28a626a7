import { inProduction, type SpeechToTextConfig } from '../../config';
import { PocketsphinxSpeechToText } from './pocketsphinx';
import type { SpeechToText } from './speech-to-text';
import { WhisperSpeechToText } from './whisper';

export type { SpeechToText, TimedWord, TranscribeOptions } from './speech-to-text';

/** `pocketsphinx` needs only Debian packages; `whisper` is the production image's (and its default). */
export function createSpeechToText(config: SpeechToTextConfig): SpeechToText {
  const provider = config.STT_PROVIDER ?? (inProduction(config) ? 'whisper' : 'pocketsphinx');
  return provider === 'whisper'
    ? new WhisperSpeechToText({ bin: config.WHISPER_BIN, model: config.WHISPER_MODEL, modelDir: config.WHISPER_MODEL_DIR, vadFlag: config.WHISPER_VAD_FLAG })
    : new PocketsphinxSpeechToText();
}

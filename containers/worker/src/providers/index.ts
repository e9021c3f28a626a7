import { separationProviderOf, voiceProviderOf, type ProviderConfig } from '../config';
import { DemucsSeparationProvider } from './demucs-separation';
import { ElevenLabsVoiceProvider } from './elevenlabs-voice';
import { LocalSeparationProvider } from './local-separation';
import { LocalVoiceProvider } from './local-voice';
import type { SeparationProvider } from './separation-provider';
import { createSpeechToText, type SpeechToText } from './speech-to-text';
import { VoiceApiError, type VoiceProvider } from './voice-provider';

export type { SeparationProvider } from './separation-provider';
export type { VoiceProvider } from './voice-provider';

/**
 * The worker's external engines, built once in `main.ts` from its parsed
 * configuration and handed to every operation, so configuration alone picks them.
 */
export interface Providers {
  /** A voice provider acting with the caller's own key, where the engine needs one. */
  voice(apiKey?: string): VoiceProvider;
  separation: SeparationProvider;
  speechToText: SpeechToText;
}

export function createProviders(config: ProviderConfig): Providers {
  const separation =
    separationProviderOf(config) === 'demucs'
      ? new DemucsSeparationProvider({ bin: config.DEMUCS_BIN, model: config.DEMUCS_MODEL })
      : new LocalSeparationProvider();
  const local = new LocalVoiceProvider();
  const voice = voiceProviderOf(config);
  return {
    separation,
    speechToText: createSpeechToText(config),
    voice(apiKey) {
      if (voice === 'local') return local;
      if (!apiKey) throw new VoiceApiError('unauthorized', 401, 'no voice service key was given with the job');
      return new ElevenLabsVoiceProvider({ apiKey, baseUrl: config.ELEVENLABS_BASE_URL });
    },
  };
}

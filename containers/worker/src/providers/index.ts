import { separationProviderOf, voiceProviderOf, type ProviderConfig } from '../config';
import { DemucsSeparationProvider } from './demucs-separation';
import { ElevenLabsVoiceProvider } from './elevenlabs-voice';
import { LocalSeparationProvider } from './local-separation';
import { LocalVoiceProvider } from './local-voice';
import type { Providers } from './providers';
import { createSpeechToText } from './speech-to-text';
import { VoiceApiError } from './voice-provider';

export type { SeparationProvider } from './separation-provider';
export type { VoiceProvider } from './voice-provider';
export type { Providers } from './providers';

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

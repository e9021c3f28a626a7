import { providerConfigSchema, separationProviderOf, voiceProviderOf, type ProviderConfig } from '../config';
import { DemucsSeparationProvider } from './demucs-separation';
import { ElevenLabsVoiceProvider } from './elevenlabs-voice';
import { LocalSeparationProvider } from './local-separation';
import { LocalVoiceProvider } from './local-voice';
import type { SeparationProvider } from './separation-provider';
import { VoiceApiError, type VoiceProvider } from './voice-provider';

export type { SeparationProvider } from './separation-provider';
export type { VoiceProvider } from './voice-provider';

/**
 * The worker's composition root for external engines. Operations ask here
 * rather than constructing providers, so configuration alone picks them.
 */
export interface Providers {
  /** A voice provider acting with the caller's own key, where the engine needs one. */
  voice(apiKey?: string): VoiceProvider;
  separation: SeparationProvider;
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
    voice(apiKey) {
      if (voice === 'local') return local;
      if (!apiKey) throw new VoiceApiError('unauthorized', 401, 'no voice service key was given with the job');
      return new ElevenLabsVoiceProvider({ apiKey, baseUrl: config.ELEVENLABS_BASE_URL });
    },
  };
}

let current: Providers | undefined;

/** The providers configured by this process's environment, made on first use. */
export function providers(): Providers {
  current ??= createProviders(providerConfigSchema.parse(process.env));
  return current;
}

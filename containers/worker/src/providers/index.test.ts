import { providerConfigSchema } from '../config';
import { DemucsSeparationProvider } from './demucs-separation';
import { ElevenLabsVoiceProvider } from './elevenlabs-voice';
import { createProviders } from './index';
import { LocalSeparationProvider } from './local-separation';
import { LocalVoiceProvider } from './local-voice';
import { VoiceApiError } from './voice-provider';

describe('provider composition', () => {
  it('defaults to the local providers', () => {
    const providers = createProviders(providerConfigSchema.parse({}));
    expect(providers.voice()).toBeInstanceOf(LocalVoiceProvider);
    expect(providers.voice('ignored-key')).toBeInstanceOf(LocalVoiceProvider);
    expect(providers.separation).toBeInstanceOf(LocalSeparationProvider);
  });

  it('defaults to ElevenLabs and demucs in production, where the stand-ins would answer paying callers', () => {
    const providers = createProviders(providerConfigSchema.parse({ NODE_ENV: 'production' }));
    expect(providers.voice('key')).toBeInstanceOf(ElevenLabsVoiceProvider);
    expect(providers.separation).toBeInstanceOf(DemucsSeparationProvider);
  });

  it('uses the stand-ins in production only when told to', () => {
    const providers = createProviders(providerConfigSchema.parse({ NODE_ENV: 'production', VOICE_PROVIDER: 'local', SEPARATION_PROVIDER: 'local' }));
    expect(providers.voice()).toBeInstanceOf(LocalVoiceProvider);
    expect(providers.separation).toBeInstanceOf(LocalSeparationProvider);
  });

  it('picks ElevenLabs and demucs by configuration', () => {
    const providers = createProviders(providerConfigSchema.parse({ VOICE_PROVIDER: 'elevenlabs', SEPARATION_PROVIDER: 'demucs' }));
    expect(providers.voice('key')).toBeInstanceOf(ElevenLabsVoiceProvider);
    expect(providers.separation).toBeInstanceOf(DemucsSeparationProvider);
  });

  it('needs the caller\'s key for ElevenLabs', () => {
    const providers = createProviders(providerConfigSchema.parse({ VOICE_PROVIDER: 'elevenlabs' }));
    expect(() => providers.voice()).toThrow(VoiceApiError);
  });

  it('refuses an unknown provider name', () => {
    expect(providerConfigSchema.safeParse({ VOICE_PROVIDER: 'other' }).success).toBe(false);
  });
});

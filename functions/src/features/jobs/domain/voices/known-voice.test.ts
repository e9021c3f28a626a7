import { BUILT_IN_VOICES, type VoiceProviderName } from '../../contracts/voices';
import { ValidationError } from '../../../../kernel/domain/errors';
import { assertKnownVoice, assertVoiceKey, needsVoice, VOICE_KEY_PARAM } from './known-voice';

const ELEVENLABS_ID = '21m00Tcm4TlvDq8ikWAM';

const refusal = (voiceId: string, withOwnKey: boolean, provider: VoiceProviderName = 'local') => {
  try {
    assertKnownVoice(voiceId, { provider, withOwnKey });
  } catch (error) {
    return error as ValidationError;
  }
  return undefined;
};

describe('known voices on the local engine', () => {
  it('takes every built-in voice without a key of the caller', () => {
    for (const voice of BUILT_IN_VOICES) expect(refusal(voice.voice_id, false)).toBeUndefined();
  });

  it.each(['voice-1', 'LOCAL-SLT', 'local-slt ', ELEVENLABS_ID, '../local-slt'])('refuses %j without a key, naming voice_id', (voiceId) => {
    const error = refusal(voiceId, false);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param: 'voice_id', message: expect.stringContaining('local-slt') });
  });

  it('takes an ElevenLabs voice id with a key, and refuses other shapes', () => {
    expect(refusal(ELEVENLABS_ID, true)).toBeUndefined();
    for (const voiceId of ['local-slt', '21m00Tcm4TlvDq8ikWA', '21m00Tcm4TlvDq8ikWAM1', '21m00Tcm4TlvDq8ik/AM', '<21m00Tcm4TlvDq8ikWA>']) {
      expect(refusal(voiceId, true)).toMatchObject({ param: 'voice_id', message: expect.stringContaining('20 letters and digits') });
    }
  });

  it('needs no key of the caller', () => {
    expect(() => assertVoiceKey({ provider: 'local', withOwnKey: false })).not.toThrow();
  });
});

describe('known voices on ElevenLabs (the deployed engine)', () => {
  it.each([ELEVENLABS_ID, 'local-slt', 'anything'])('refuses %j without a key, naming the key header and how to send it', (voiceId) => {
    const error = refusal(voiceId, false, 'elevenlabs');
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.param).toBe(VOICE_KEY_PARAM);
    expect(error?.message).toContain('X-ElevenLabs-Key');
    expect(error?.message).toContain('elevenlabs_key');
    expect(error?.hint).toMatch(/X-ElevenLabs-Key: <your ElevenLabs API key>/);
  });

  it('takes an ElevenLabs voice id with the key', () => {
    expect(refusal(ELEVENLABS_ID, true, 'elevenlabs')).toBeUndefined();
  });

  it('refuses every built-in voice even with a key, saying which voices exist', () => {
    for (const voice of BUILT_IN_VOICES) {
      const error = refusal(voice.voice_id, true, 'elevenlabs');
      expect(error).toMatchObject({ param: 'voice_id' });
      expect(error?.message).toContain(voice.voice_id);
      expect(error?.message).toContain('ElevenLabs account');
      expect(error?.hint).toContain('GET /eleven/voices');
    }
  });

  it('refuses other shapes with the key', () => {
    expect(refusal('voice-1', true, 'elevenlabs')).toMatchObject({ param: 'voice_id', message: expect.stringContaining('20 letters and digits') });
  });

  it('refuses a voice list without a key', () => {
    expect(() => assertVoiceKey({ provider: 'elevenlabs', withOwnKey: false })).toThrow(expect.objectContaining({ param: VOICE_KEY_PARAM }));
    expect(() => assertVoiceKey({ provider: 'elevenlabs', withOwnKey: true })).not.toThrow();
  });
});

describe('jobs that need a voice', () => {
  it('are voice conversions, and speech made from a script', () => {
    expect(needsVoice('redub_vc', ['video'])).toBe(true);
    expect(needsVoice('redub_tts', ['video'])).toBe(true);
    expect(needsVoice('redub_tts', ['video', 'tts_audio'])).toBe(false);
    expect(needsVoice('redub', ['video', 'voice'])).toBe(false);
  });
});

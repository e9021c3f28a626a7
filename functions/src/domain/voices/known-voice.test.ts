import { BUILT_IN_VOICES } from '../../contracts/voices';
import { ValidationError } from '../shared/errors';
import { assertKnownVoice } from './known-voice';

const refusal = (voiceId: string, withOwnKey: boolean) => {
  try {
    assertKnownVoice(voiceId, withOwnKey);
  } catch (error) {
    return error as ValidationError;
  }
  return undefined;
};

describe('known voices', () => {
  it('takes every built-in voice without a key of the caller', () => {
    for (const voice of BUILT_IN_VOICES) expect(refusal(voice.voice_id, false)).toBeUndefined();
  });

  it.each(['voice-1', 'LOCAL-SLT', 'local-slt ', '21m00Tcm4TlvDq8ikWAM', '../local-slt'])('refuses %j without a key, naming voice_id', (voiceId) => {
    const error = refusal(voiceId, false);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ param: 'voice_id', message: expect.stringContaining('local-slt') });
  });

  it('takes an ElevenLabs voice id with a key, and refuses other shapes', () => {
    expect(refusal('21m00Tcm4TlvDq8ikWAM', true)).toBeUndefined();
    for (const voiceId of ['local-slt', '21m00Tcm4TlvDq8ikWA', '21m00Tcm4TlvDq8ikWAM1', '21m00Tcm4TlvDq8ik/AM', '<21m00Tcm4TlvDq8ikWA>']) {
      expect(refusal(voiceId, true)).toMatchObject({ param: 'voice_id', message: expect.stringContaining('20 letters and digits') });
    }
  });
});

import { BUILT_IN_VOICES, ELEVENLABS_VOICE_ID } from '../../contracts/voices';
import { ValidationError } from '../shared/errors';

/**
 * A voice the job could speak with, checked before any job is made: a
 * built-in voice without a key of the caller's own, an ElevenLabs voice id
 * with one. An unknown voice would otherwise only fail (or, on the built-in
 * engine, quietly fall back to another voice) once the job ran.
 */
export function assertKnownVoice(voiceId: string, withOwnKey: boolean): void {
  if (withOwnKey ? ELEVENLABS_VOICE_ID.test(voiceId) : BUILT_IN_VOICES.some((voice) => voice.voice_id === voiceId)) return;
  const hint = 'GET /eleven/voices lists the voices you can use (send the same X-ElevenLabs-Key to list your own).';
  if (withOwnKey) throw new ValidationError('voice_id is not an ElevenLabs voice id: those are 20 letters and digits.', { param: 'voice_id', hint });
  throw new ValidationError(`voice_id is not one of the built-in voices (${BUILT_IN_VOICES.map((v) => v.voice_id).join(', ')}); send X-ElevenLabs-Key to use your own ElevenLabs voices.`, {
    param: 'voice_id',
    hint,
  });
}

import type { InputRole } from '../../contracts/media-jobs';
import { BUILT_IN_VOICES, ELEVENLABS_VOICE_ID, type VoiceProviderName } from '../../contracts/voices';
import { ValidationError } from '../../../../kernel/domain/errors';

/** The key header, as every refusal names it (processing requests also take an `elevenlabs_key` field). */
export const VOICE_KEY_PARAM = 'X-ElevenLabs-Key';

/** What a voice request is checked against: the engine the worker runs, and whether the caller sent a key of their own. */
export interface VoiceContext {
  provider: VoiceProviderName;
  withOwnKey: boolean;
}

const builtInIds = BUILT_IN_VOICES.map((voice) => voice.voice_id).join(', ');

/** The refusals' texts, in one place so the API docs can say the same. */
export const VOICE_TEXTS = {
  keyRequired: `This API speaks with ElevenLabs: send your ElevenLabs API key in the ${VOICE_KEY_PARAM} header (or the elevenlabs_key field).`,
  keyRequiredHint: `Add the header ${VOICE_KEY_PARAM}: <your ElevenLabs API key>. It is used for this request only and never stored.`,
  listHint: `GET /eleven/voices lists the voices you can use (send the same ${VOICE_KEY_PARAM} to list your own).`,
  notElevenLabsId: 'voice_id is not an ElevenLabs voice id: those are 20 letters and digits.',
  builtInElsewhere: (voiceId: string) =>
    `voice_id ${voiceId} is a built-in voice of the local stack only; here the voices are those of your ElevenLabs account (ids of 20 letters and digits).`,
  notBuiltIn: `voice_id is not one of the built-in voices (${builtInIds}); send ${VOICE_KEY_PARAM} to use your own ElevenLabs voices.`,
} as const;

/**
 * Refuses at once a request that needs a voice engine the caller brought no
 * key for. With ElevenLabs the worker speaks through the caller's own
 * account; without a key, the job could only end `voice_auth_failed`.
 */
export function assertVoiceKey({ provider, withOwnKey }: VoiceContext): void {
  if (provider === 'elevenlabs' && !withOwnKey) {
    throw new ValidationError(VOICE_TEXTS.keyRequired, { param: VOICE_KEY_PARAM, hint: VOICE_TEXTS.keyRequiredHint });
  }
}

/**
 * A voice the deployed worker could speak with, checked before any job is
 * made. The local engine takes its built-in voices without a key, and with
 * one an ElevenLabs id too (it lands on a built-in voice, so requests written
 * for AWS run locally). ElevenLabs takes only its own ids, with the caller's
 * key. An unknown voice would otherwise fail only once the job ran.
 */
export function assertKnownVoice(voiceId: string, context: VoiceContext): void {
  assertVoiceKey(context);
  const isBuiltIn = BUILT_IN_VOICES.some((voice) => voice.voice_id === voiceId);
  const hint = VOICE_TEXTS.listHint;
  if (context.provider === 'elevenlabs' && isBuiltIn) throw new ValidationError(VOICE_TEXTS.builtInElsewhere(voiceId), { param: 'voice_id', hint });
  if (context.withOwnKey ? ELEVENLABS_VOICE_ID.test(voiceId) : isBuiltIn) return;
  throw new ValidationError(context.withOwnKey ? VOICE_TEXTS.notElevenLabsId : VOICE_TEXTS.notBuiltIn, { param: 'voice_id', hint });
}

/**
 * Whether a job speaks or converts a voice: redub_vc always, redub_tts unless
 * the caller sent the speech ready-made (`tts_audio`), which no engine touches.
 */
export function needsVoice(type: string, inputRoles: readonly InputRole[]): boolean {
  if (type === 'redub_vc') return true;
  return type === 'redub_tts' && !inputRoles.includes('tts_audio');
}

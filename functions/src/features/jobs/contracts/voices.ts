/**
 * The voices the API knows before any job runs. Without a voice-service key
 * of the caller's own, the built-in voices are the catalogue (what
 * `GET /eleven/voices` lists then); with one, the caller's ElevenLabs
 * account is, whose voice ids all have one shape.
 */
export interface VoiceInfo {
  voice_id: string;
  name: string;
}

export const BUILT_IN_VOICES: readonly VoiceInfo[] = [
  { voice_id: 'local-kal', name: 'Kal (local, male, US)' },
  { voice_id: 'local-slt', name: 'Sally (local, female, US)' },
  { voice_id: 'local-awb', name: 'Alan (local, male, Scottish)' },
  { voice_id: 'local-rms', name: 'Ross (local, male, deep)' },
];

/**
 * How the docs describe the caller's key: the hosted API speaks through the
 * caller's own ElevenLabs account, so it refuses a voice request without one.
 */
export const VOICE_KEY_DESCRIPTION =
  'Your ElevenLabs API key; used for this request only, never stored. Required on the hosted API, which speaks through your ElevenLabs account: a voice request without it is refused at once with a 400 naming X-ElevenLabs-Key. A local stack without a key speaks with its built-in voices.';

/** How the docs describe `voice_id`. */
export const VOICE_ID_DESCRIPTION =
  'The voice: on the hosted API, a voice of your ElevenLabs account (its id, 20 letters and digits; GET /eleven/voices lists them). The built-in local-* voices exist on a local stack only and are refused on the hosted API.';

/** ElevenLabs voice ids (premade, cloned and library voices alike): 20 letters and digits. */
export const ELEVENLABS_VOICE_ID = /^[A-Za-z0-9]{20}$/;

/**
 * The engines that can speak for a job: `local` (ffmpeg's flite and
 * rubberband, the built-in voices) or `elevenlabs` (the caller's own account,
 * so every voice request needs the caller's key).
 */
export const VOICE_PROVIDERS = ['local', 'elevenlabs'] as const;
export type VoiceProviderName = (typeof VOICE_PROVIDERS)[number];

/**
 * What the deployed stack runs. The CDK gives this one value to the API
 * functions and to the worker alike, so the API never accepts a voice request
 * that the worker cannot run.
 */
export const DEPLOYED_VOICE_PROVIDER: VoiceProviderName = 'elevenlabs';

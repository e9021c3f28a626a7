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

import type { VOICE_OUTPUT_FORMATS } from '@frameforge/functions/features/jobs/contracts/media-jobs';

export type VoiceOutputFormat = (typeof VOICE_OUTPUT_FORMATS)[number];

export interface VoiceSettings {
  stability?: number;
  similarity_boost?: number;
  style?: number;
  speed?: number;
}

export interface TextToSpeechRequest {
  text: string;
  voiceId: string;
  modelId?: string;
  settings: VoiceSettings;
  outputFormat: VoiceOutputFormat;
}

export interface SpeechToSpeechRequest {
  audioPath: string;
  voiceId: string;
  modelId: string;
  outputFormat: VoiceOutputFormat;
  removeBackgroundNoise: boolean;
}

export interface VoiceInfo {
  name: string;
  voice_id: string;
}

/** Speech synthesis and voice conversion; implementations are picked by configuration. */
export interface VoiceProvider {
  /** Writes the speech to `outPath` (its extension matches `outputFormat`). */
  textToSpeech(request: TextToSpeechRequest, outPath: string, signal?: AbortSignal): Promise<void>;
  speechToSpeech(request: SpeechToSpeechRequest, outPath: string, signal?: AbortSignal): Promise<void>;
  voices(signal?: AbortSignal): Promise<VoiceInfo[]>;
}

export type VoiceApiErrorKind = 'unauthorized' | 'invalid_request' | 'rate_limited' | 'failed';

/** A voice service refused or failed a request; `detail` is the service's own words, never the key. */
export class VoiceApiError extends Error {
  constructor(
    readonly kind: VoiceApiErrorKind,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`voice service answered ${status} (${kind})${detail ? `: ${detail}` : ''}`);
    this.name = 'VoiceApiError';
  }
}

/** The file extension a voice output format is written with. */
export function extensionOf(format: VoiceOutputFormat): 'mp3' | 'wav' {
  return format.startsWith('mp3') ? 'mp3' : 'wav';
}

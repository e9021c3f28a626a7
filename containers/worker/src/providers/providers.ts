import type { SeparationProvider } from './separation-provider';
import type { SpeechToText } from './speech-to-text/speech-to-text';
import type { VoiceProvider } from './voice-provider';

/**
 * The worker's external engines, built once in `main.ts` from its parsed
 * configuration and handed to every operation, so configuration alone picks them.
 * Kept apart from `createProviders`, so `operations/operation.ts` names it
 * without importing the engines: the pocketsphinx engine imports that module.
 */
export interface Providers {
  /** A voice provider acting with the caller's own key, where the engine needs one. */
  voice(apiKey?: string): VoiceProvider;
  separation: SeparationProvider;
  speechToText: SpeechToText;
}

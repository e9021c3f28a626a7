import { VoiceApiError } from '../../providers/voice-provider';
import { InputRejectedError } from '../operation';

/**
 * The voice service answers for the caller's own key and request: its
 * refusals are the caller's to fix, so they end the job at once instead of
 * being retried against their quota.
 */
export async function withVoiceErrors<T>(param: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof VoiceApiError) || error.kind === 'failed') throw error;
    const detail = error.detail ? ` (${error.detail})` : '';
    if (error.kind === 'unauthorized') {
      throw new InputRejectedError({
        code: 'voice_auth_failed',
        message: `Error: the voice service refused the API key${detail}.`,
        param: null,
        hint: 'Check your voice service API key and its quota.',
      });
    }
    if (error.kind === 'rate_limited') {
      throw new InputRejectedError({
        code: 'voice_rate_limited',
        message: `Error: the voice service is limiting requests for this key${detail}.`,
        param: null,
        hint: 'Wait a moment and try again, or send fewer jobs at once.',
      });
    }
    throw new InputRejectedError({
      code: 'voice_request_invalid',
      message: `Error: the voice service refused the request${detail}.`,
      param,
      hint: 'Check the voice id, model and settings.',
    });
  }
}

import { VoiceApiError } from '../../providers/voice-provider';
import { InputRejectedError } from '../operation';
import { withVoiceErrors } from './voice-errors';

const failWith = (error: Error) => withVoiceErrors('voice_id', () => Promise.reject(error)).catch((e: unknown) => e);

describe('voice service errors', () => {
  it.each([
    ['unauthorized', 401, 'voice_auth_failed', null],
    ['invalid_request', 422, 'voice_request_invalid', 'voice_id'],
    ['rate_limited', 429, 'voice_rate_limited', null],
  ] as const)('a %s answer ends the job as the caller\'s to fix', async (kind, status, code, param) => {
    const error = await failWith(new VoiceApiError(kind, status, 'detail from the service'));
    expect(error).toBeInstanceOf(InputRejectedError);
    expect((error as InputRejectedError).jobError).toMatchObject({ code, param });
    expect((error as InputRejectedError).jobError.message).toMatch(/^Error: .*detail from the service/);
  });

  it('passes other failures on, to be retried', async () => {
    const failed = new VoiceApiError('failed', 503, 'busy');
    expect(await failWith(failed)).toBe(failed);
    const other = new Error('disk full');
    expect(await failWith(other)).toBe(other);
  });

  it('returns the result when all goes well', async () => {
    expect(await withVoiceErrors('voice_id', async () => 42)).toBe(42);
  });
});

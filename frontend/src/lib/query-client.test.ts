import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));

describe('shouldRetry', () => {
  it('retries a network or server failure once', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, new ApiError('HTTP 502: Failed to load the subscription', 502, false))).toBe(true);
    expect(shouldRetry(1, new ApiError('HTTP 502: Failed to load the subscription', 502, false))).toBe(false);
  });

  it('never retries a client error such as a missing session', () => {
    expect(shouldRetry(0, new ApiError('User not authenticated', 401, false))).toBe(false);
    expect(shouldRetry(0, new ApiError('Forbidden', 403, true))).toBe(false);
  });
});

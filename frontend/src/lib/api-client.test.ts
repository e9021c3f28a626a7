import { ApiError, failureMessage, isNotAuthenticated, NOT_AUTHENTICATED } from './api-client';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));

function response(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
}

describe('failureMessage', () => {
  it('shows the server error text', async () => {
    const error = await failureMessage(response(403, JSON.stringify({ error: 'An active subscription is required' })), 'create API key');
    expect(error.message).toBe('An active subscription is required');
    expect(error.status).toBe(403);
    expect(error.fromServer).toBe(true);
  });

  it('falls back to HTTP status text when the body has no error', async () => {
    const error = await failureMessage(response(500, 'not json'), 'create API key');
    expect(error.message).toBe('HTTP 500: Failed to create API key');
    expect(error.fromServer).toBe(false);
  });

  it('ignores an empty error field', async () => {
    const error = await failureMessage(response(502, JSON.stringify({ error: '' })), 'load API keys');
    expect(error.message).toBe('HTTP 502: Failed to load API keys');
  });
});

describe('isNotAuthenticated', () => {
  it('recognises the missing-session error, from the client or the server', () => {
    expect(isNotAuthenticated(new ApiError(NOT_AUTHENTICATED, 401, false))).toBe(true);
    expect(isNotAuthenticated(new Error('User not authenticated'))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isNotAuthenticated(new ApiError('HTTP 500: Failed to start checkout', 500, false))).toBe(false);
    expect(isNotAuthenticated('User not authenticated')).toBe(false);
    expect(isNotAuthenticated(undefined)).toBe(false);
  });
});

import { failureMessage } from './api-client';

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

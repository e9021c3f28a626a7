import { variablesOf } from '../http/function-access';
import { loadConfigOf } from './env';

describe('one function’s configuration', () => {
  it('parses the named variables only, with their defaults', () => {
    const env = { TABLE_JOBS: 'jobs', QUEUE_MEDIA_URL: 'https://sqs.example/q' };
    expect(loadConfigOf(['TABLE_JOBS', 'AWS_REGION', 'S3_FORCE_PATH_STYLE'], env)).toEqual({ TABLE_JOBS: 'jobs', AWS_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  it('does not need what it does not name: a task read starts without the Stripe prices', () => {
    expect(() => loadConfigOf(['TABLE_JOBS'], { TABLE_JOBS: 'jobs' })).not.toThrow();
  });

  it('fails naming every variable missing or invalid', () => {
    expect(() => loadConfigOf(['TABLE_JOBS', 'PORTAL_URL', 'VOICE_PROVIDER'], { PORTAL_URL: 'not a url', VOICE_PROVIDER: 'local' })).toThrow(
      'Invalid configuration: TABLE_JOBS, PORTAL_URL',
    );
  });
});

describe('variables by capability', () => {
  it('gives the portal links to every function, and a capability’s names with it', () => {
    expect([...variablesOf([])].sort()).toEqual(['PORTAL_API_URL', 'PORTAL_URL', 'USER_POOL_CLIENT_ID']);
    expect(variablesOf(['media-queue:send'])).toEqual(new Set(['PORTAL_API_URL', 'PORTAL_URL', 'USER_POOL_CLIENT_ID', 'QUEUE_MEDIA_URL', 'VOICE_PROVIDER']));
    expect(variablesOf(['jobs:read', 'api-keys:read']).has('STRIPE_PRICE_BASIC')).toBe(false);
  });
});

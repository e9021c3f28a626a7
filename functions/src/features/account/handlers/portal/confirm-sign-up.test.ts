import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (event: { queryStringParameters: Record<string, string | undefined> | null }) => Promise<{ statusCode: number; headers?: Record<string, unknown> }>;

/** Plays the user pool: each test sets how it answers ConfirmSignUp (or closes it to make it unreachable). */
let answer: { status: number; type?: string; message?: string } = { status: 200 };
let requests = 0;
let pool: Server;
let handler: Handler;

const required = {
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  SEALING_KEY_FILE: '/nonexistent/sealing.key',
  TABLE_API_KEYS: 't', TABLE_JOBS: 't', TABLE_STRIPE_CUSTOMERS: 't', TABLE_STRIPE_SUBSCRIPTIONS: 't', TABLE_USER_SUBSCRIPTIONS: 't',
  TABLE_USER_ROLES: 't', TABLE_WEBHOOK_EVENTS: 't', TABLE_UPLOADS: 't', TABLE_API_LOGS: 't', TABLE_USER_PROFILES: 't',
  TABLE_IDEMPOTENCY_KEYS: 't', TABLE_USAGE_COUNTERS: 't', TABLE_CALLBACK_SECRETS: 't',
  STRIPE_SECRET_KEY: 'sk_test', STRIPE_WEBHOOK_SECRET: 'whsec', STRIPE_PRICE_BASIC: 'p1', STRIPE_PRICE_BOOST: 'p2', STRIPE_PRICE_ELITE: 'p3',
  BUCKET_MEDIA: 'b', BUCKET_PROFILE_PICTURES: 'b', PICTURES_BASE_URL: 'https://portal.example.com/profile-pictures', QUEUE_MEDIA_URL: 'q',
  USER_POOL_ID: 'us-east-1_pool', USER_POOL_CLIENT_ID: 'client', COGNITO_ISSUER: 'https://issuer.example.com/pool',
  PORTAL_URL: 'https://portal.example.com', PORTAL_API_URL: 'https://api.example.com/', VOICE_PROVIDER: 'local',
};

beforeAll(async () => {
  pool = createServer((request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => {
      const headers: Record<string, string> = { 'Content-Type': 'application/x-amz-json-1.1' };
      if (answer.type) headers['x-amzn-ErrorType'] = answer.type;
      response.writeHead(answer.status, headers).end(JSON.stringify(answer.type ? { __type: answer.type, message: answer.message ?? '' } : {}));
    });
  });
  await new Promise<void>((resolve) => pool.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, required, { AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://127.0.0.1:${(pool.address() as AddressInfo).port}` });
  ({ handler } = (await import('./confirm-sign-up')) as unknown as { handler: Handler });
});

afterAll(() => new Promise((resolve) => pool.close(resolve)));

const confirm = async (query: Record<string, string> | null = { email: 'new@example.com', code: '123456' }) => {
  const result = await handler({ queryStringParameters: query });
  expect(result.statusCode).toBe(302);
  return new URL(String(result.headers?.Location));
};

describe('/auth/confirm always lands on the login page', () => {
  it('says the address is verified when the pool confirms it', async () => {
    answer = { status: 200 };
    const to = await confirm();
    expect(`${to.origin}${to.pathname}`).toBe('https://portal.example.com/login');
    expect(to.searchParams.get('verified')).toBe('1');
  });

  it('names a dead link as invalid, with the address for a new one', async () => {
    answer = { status: 400, type: 'CodeMismatchException', message: 'Invalid code provided' };
    const to = await confirm();
    expect(to.searchParams.get('verify_error')).toBe('invalid');
    expect(to.searchParams.get('email')).toBe('new@example.com');
  });

  it('redirects with verify_error=unavailable when the pool fails', async () => {
    answer = { status: 500, type: 'InternalErrorException', message: 'boom' };
    const before = requests;
    const to = await confirm();
    expect(requests).toBeGreaterThan(before);
    expect(`${to.origin}${to.pathname}`).toBe('https://portal.example.com/login');
    expect(to.searchParams.get('verify_error')).toBe('unavailable');
    expect(to.searchParams.get('email')).toBe('new@example.com');
  });

  it('redirects with verify_error=unavailable when the pool cannot be reached', async () => {
    await new Promise((resolve) => pool.close(resolve));
    const to = await confirm();
    expect(to.searchParams.get('verify_error')).toBe('unavailable');
  });

  it('refuses a link without its code without asking the pool', async () => {
    const before = requests;
    const to = await confirm({ email: 'new@example.com' });
    expect(to.searchParams.get('verify_error')).toBe('invalid');
    expect(requests).toBe(before);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleDirOf } from '@frameforge/functions/bundling/bundle-layout';
import { probeBundle } from '../support/bundle-probe';
import { testEndpoints } from '../support/endpoints';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { signedUpUserWithKey } from '../support/product-user';

/**
 * Voice requests with the production voice configuration. The stack's own
 * functions run the local engine; here the very bundles that deploy run in
 * a fresh process with the stack's environment and VOICE_PROVIDER=elevenlabs,
 * as the CDK sets it, against the same emulators and a real key's identity.
 * The stack's gateway then shows that the local configuration still takes
 * the built-in voices.
 */

const endpoints = testEndpoints();
const ELEVENLABS_VOICE = '21m00Tcm4TlvDq8ikWAM';
let key: string;
let fixtures: FixtureServer;
let production: Record<string, string>;
let authorizer: Record<string, unknown>;

interface Answer {
  statusCode: number;
  headers?: Record<string, string>;
  body: string;
}

const bundle = (handler: string) => bundleDirOf(process.env.LAMBDA_BUNDLES_DIR ?? '', handler);

function proxyEvent(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const all = { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers };
  return {
    resource: path,
    path,
    httpMethod: method,
    headers: all,
    multiValueHeaders: Object.fromEntries(Object.entries(all).map(([name, value]) => [name, [value]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'productapi',
      stage: 'v1',
      requestId: `voices-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      httpMethod: method,
      path: `/v1${path}`,
      resourcePath: path,
      domainName: new URL(endpoints.productApi).host,
      identity: { sourceIp: '203.0.113.7', userAgent: 'production-voices-test' },
      requestTimeEpoch: Date.now(),
      authorizer,
    },
    body: body === undefined ? null : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

/** One invocation of a handler's bundle with the production voice configuration. */
async function invoke(handler: string, event: unknown): Promise<Answer & { json: { error?: Record<string, unknown>; task_id?: string } }> {
  const probe = await probeBundle(bundle(handler), production, event, 30_000);
  if (!probe.result) throw new Error(`${handler} gave no answer: ${probe.thrown ?? probe.error ?? ''}\n${probe.output}`);
  const answer = probe.result as Answer;
  return { ...answer, json: JSON.parse(answer.body || '{}') as { error?: Record<string, unknown>; task_id?: string } };
}

/** A redub_tts body: the video is a URL the worker will fetch later (nothing is fetched while the request is answered). */
const ttsBody = (voiceId: string, extra: Record<string, unknown> = {}) => ({
  video_url: `${fixtures.origin}/media/clip.mp4`,
  script: 'Hello from the production voice test.',
  voice_id: voiceId,
  download: false,
  ...extra,
});

beforeAll(async () => {
  key = await signedUpUserWithKey(endpoints, 'elite');
  fixtures = await startFixtureServer();
  const stateDir = process.env.FRAMEFORGE_STATE_DIR ?? '';
  const stackEnvironment = JSON.parse(readFileSync(join(stateDir, 'functions-env.json'), 'utf8')) as Record<string, string>;
  production = { ...stackEnvironment, FETCH_ALLOW_HOSTS: process.env.FETCH_ALLOW_HOSTS ?? '', VOICE_PROVIDER: 'elevenlabs' };
  // The authorizer's own bundle resolves the key, as the gateway does before every keyed request.
  const authorized = await probeBundle(bundle('product/authorizer'), production, {
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:us-east-1:123456789012:productapi/v1/POST/redub_tts',
    resource: '/redub_tts',
    path: '/redub_tts',
    httpMethod: 'POST',
    headers: { 'x-api-key': key },
    requestContext: { requestId: 'production-voices-authorizer', stage: 'v1', apiId: 'productapi' },
  });
  const result = authorized.result as { principalId: string; context: Record<string, unknown> } | undefined;
  if (!result) throw new Error(`the authorizer did not answer: ${authorized.thrown ?? authorized.error ?? ''}\n${authorized.output}`);
  authorizer = { ...result.context, principalId: result.principalId };
});

afterAll(async () => {
  await fixtures?.close();
});

describe('with the production voice configuration (ElevenLabs)', () => {
  it('refuses text to speech without an ElevenLabs key at once: a 400 naming the key and how to send it', async () => {
    const answer = await invoke('product/redub-tts', proxyEvent('POST', '/redub_tts', {}, ttsBody(ELEVENLABS_VOICE)));
    expect(answer.statusCode).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 'invalid_request', param: 'X-ElevenLabs-Key' });
    expect(answer.json.error?.message).toEqual(expect.stringContaining('send your ElevenLabs API key in the X-ElevenLabs-Key header'));
    expect(answer.json.error?.hint).toEqual(expect.stringContaining('X-ElevenLabs-Key: <your ElevenLabs API key>'));
  });

  it('accepts text to speech with the key in the header (202)', async () => {
    const answer = await invoke('product/redub-tts', proxyEvent('POST', '/redub_tts', { 'X-ElevenLabs-Key': 'sk_caller_own_key' }, ttsBody(ELEVENLABS_VOICE)));
    expect(answer.statusCode).toBe(202);
    expect(answer.json.task_id).toEqual(expect.any(String));
  });

  it('accepts the key as the elevenlabs_key field too', async () => {
    const answer = await invoke('product/redub-tts', proxyEvent('POST', '/redub_tts', {}, ttsBody(ELEVENLABS_VOICE, { elevenlabs_key: 'sk_caller_own_key' })));
    expect(answer.statusCode).toBe(202);
  });

  it('refuses a built-in local voice even with the key, naming voice_id and the voices that exist', async () => {
    const answer = await invoke('product/redub-tts', proxyEvent('POST', '/redub_tts', { 'X-ElevenLabs-Key': 'sk_caller_own_key' }, ttsBody('local-slt')));
    expect(answer.statusCode).toBe(400);
    expect(answer.json.error).toMatchObject({ param: 'voice_id' });
    expect(answer.json.error?.message).toEqual(expect.stringContaining('ElevenLabs account'));
    expect(answer.json.error?.hint).toEqual(expect.stringContaining('GET /eleven/voices'));
  });

  it('refuses voice conversion without the key', async () => {
    const body = { video_url: `${fixtures.origin}/media/clip.mp4`, voice_id: ELEVENLABS_VOICE, download: false };
    const answer = await invoke('product/redub-vc', proxyEvent('POST', '/redub_vc', {}, body));
    expect(answer.statusCode).toBe(400);
    expect(answer.json.error).toMatchObject({ param: 'X-ElevenLabs-Key' });
  });

  it('refuses the voice list without the key, naming it', async () => {
    const answer = await invoke('product/voices', proxyEvent('GET', '/eleven/voices', {}));
    expect(answer.statusCode).toBe(400);
    expect(answer.json.error).toMatchObject({ param: 'X-ElevenLabs-Key' });
  });
});

describe('with the local voice configuration (the stack itself)', () => {
  it('accepts a built-in voice without a key', async () => {
    const response = await fetch(`${endpoints.productApi}/redub_tts`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify(ttsBody('local-slt')),
    });
    const body = (await response.json()) as { task_id?: string; error?: unknown };
    expect({ status: response.status, error: body.error }).toEqual({ status: 202, error: undefined });
    expect(body.task_id).toEqual(expect.any(String));
  });
});

import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APIGatewayClient, CreateApiKeyCommand, DeleteApiKeyCommand, GetApiKeysCommand, GetUsagePlanKeysCommand } from '@aws-sdk/client-api-gateway';
import { ApiGatewayUsagePlanKeyMirror } from '@frameforge/functions/features/api-keys/adapters/api-gateway/usage-plan-key-mirror';
import { usageIdentifierOf } from '@frameforge/functions/kernel/contracts/usage-plans';
import { createApiGatewayKeysEmulator } from './api-gateway-keys-emulator';
import { KeyStore } from './key-store';

let dir: string;
let stateFile: string;
let close: () => Promise<void>;
let client: APIGatewayClient;
let plans: { basic: string; boost: string; elite: string; test: string };
// Product key ids are UUIDs: the gateway key's value is made from one.
const KEY_ID = '6f1c2b9e-4d3a-4f5e-8a7b-1c2d3e4f5a6b';
const OWNER = 'frameforge-test';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'api-gateway-keys-'));
  stateFile = join(dir, 'api-gateway.json');
  const { server, store } = createApiGatewayKeysEmulator(stateFile, 'local');
  plans = { basic: store.ensurePlan('basic'), boost: store.ensurePlan('boost'), elite: store.ensurePlan('elite'), test: store.ensurePlan('test') };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new APIGatewayClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});
afterAll(async () => {
  client.destroy();
  await close();
  await rm(dir, { recursive: true, force: true });
});

const keysIn = async (planId: string) => (await client.send(new GetUsagePlanKeysCommand({ usagePlanId: planId }))).items?.map((item) => item.name) ?? [];

describe('the local API Gateway key calls, driven by the production adapter', () => {
  it('places a key in its tier, moves it to another, and deletes it for good', async () => {
    const mirror = new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER);
    await mirror.place(KEY_ID, 'basic');
    expect(await keysIn(plans.basic)).toEqual([`frameforge-${KEY_ID}`]);
    await mirror.place(KEY_ID, 'elite');
    expect(await keysIn(plans.basic)).toEqual([]);
    expect(await keysIn(plans.elite)).toEqual([`frameforge-${KEY_ID}`]);
    const listed = await client.send(new GetApiKeysCommand({ nameQuery: `frameforge-${KEY_ID}`, includeValues: true }));
    expect(listed.items).toEqual([expect.objectContaining({ name: `frameforge-${KEY_ID}`, value: usageIdentifierOf(KEY_ID), enabled: true, tags: { 'frameforge:stack': OWNER } })]);

    await mirror.remove(KEY_ID);
    expect(await keysIn(plans.elite)).toEqual([]);
    expect((await client.send(new GetApiKeysCommand({ nameQuery: 'frameforge-' }))).items).toEqual([]);
    // Again, as a retried revocation does: nothing left to do is not a failure.
    await expect(mirror.remove(KEY_ID)).resolves.toBeUndefined();
  });

  it('answers as API Gateway does: a value taken twice is a conflict, an unknown key is not found', async () => {
    const value = 'v'.repeat(30);
    await client.send(new CreateApiKeyCommand({ name: 'twice', value, enabled: true }));
    await expect(client.send(new CreateApiKeyCommand({ name: 'twice-again', value }))).rejects.toMatchObject({ name: 'ConflictException' });
    await expect(client.send(new DeleteApiKeyCommand({ apiKey: 'nosuchkey1' }))).rejects.toMatchObject({ name: 'NotFoundException', $metadata: { httpStatusCode: 404 } });
  });

  it('keeps its keys and plans across a restart', () => {
    const again = new KeyStore(stateFile);
    expect(again.ensurePlan('basic')).toBe(plans.basic);
    expect(again.keys('twice').map((key) => key.name)).toEqual(['twice']);
  });

  it('refuses an unsigned call', async () => {
    const endpoint = await client.config.endpoint?.();
    const answer = await fetch(`${endpoint?.protocol}//${endpoint?.hostname}:${endpoint?.port}/apikeys`);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
  });
});

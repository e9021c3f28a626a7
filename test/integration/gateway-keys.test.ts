import { APIGatewayClient, GetApiKeysCommand, GetUsagePlanKeysCommand } from '@aws-sdk/client-api-gateway';
import { GATEWAY_KEY_OWNER_TAG } from '@frameforge/functions/kernel/contracts/usage-plans';
import { testEndpoints } from '../support/endpoints';
import { testServices } from '../support/services';
import { subscribedUser } from '../e2e/signed-in';

/**
 * Every product key has a twin in the API Gateway that fronts the product API (its usage plan). API
 * Gateway allows 10,000 keys per region, so a revoked key's twin, and every twin of a deleted account,
 * must be deleted, not only taken out of its plan. Checked against the local stack's API Gateway,
 * which the production adapter drives over the same SDK calls as on AWS.
 */

const endpoints = testEndpoints();
const services = testServices();
const gateway = new APIGatewayClient({ region: 'us-east-1', endpoint: services.apiGateway, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
afterAll(() => gateway.destroy());

const twinName = (keyId: string) => `frameforge-${keyId}`;
const twins = async (keyId: string) => (await gateway.send(new GetApiKeysCommand({ nameQuery: twinName(keyId) }))).items?.filter((item) => item.name === twinName(keyId)) ?? [];
const inPlan = async (planId: string, keyId: string) =>
  ((await gateway.send(new GetUsagePlanKeysCommand({ usagePlanId: planId }))).items ?? []).some((item) => item.name === twinName(keyId));

const portal = (token: string, method: string, path: string) => fetch(`${endpoints.portalApi}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });

describe("API Gateway keys follow the product's keys", () => {
  it('gives a new key a twin in its plan, and deletes the twin when the key is revoked', async () => {
    const user = await subscribedUser('gwkeys', 'boost');
    const { apiKey } = await user.client.createApiKey(user.token, 'ci');
    const [twin] = await twins(apiKey.id);
    expect(twin).toMatchObject({ name: twinName(apiKey.id), enabled: true, tags: { [GATEWAY_KEY_OWNER_TAG]: 'frameforge-local' } });
    expect(await inPlan(services.resources.usagePlans.boost, apiKey.id)).toBe(true);
    expect(await inPlan(services.resources.usagePlans.basic, apiKey.id)).toBe(false);

    expect((await portal(user.token, 'DELETE', `/api-keys/${apiKey.id}`)).status).toBe(200);
    expect(await twins(apiKey.id)).toEqual([]);
    expect(await inPlan(services.resources.usagePlans.boost, apiKey.id)).toBe(false);
  });

  it("leaves no twin of a deleted account's keys, revoked or active", async () => {
    const user = await subscribedUser('gwkeys-gone', 'basic');
    const first = await user.client.createApiKey(user.token, 'one');
    const second = await user.client.createApiKey(user.token, 'two');
    expect((await twins(first.apiKey.id)).length + (await twins(second.apiKey.id)).length).toBe(2);

    expect((await portal(user.token, 'DELETE', '/account')).status).toBe(200);
    expect(await twins(first.apiKey.id)).toEqual([]);
    expect(await twins(second.apiKey.id)).toEqual([]);
  });
});

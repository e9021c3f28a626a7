import {
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetApiKeysCommand,
  type APIGatewayClient,
} from '@aws-sdk/client-api-gateway';
import { TIERS, type Tier } from '../../contracts/plans';
import { GATEWAY_KEY_OWNER_TAG, usageIdentifierOf } from '../../contracts/usage-plans';
import type { KeyPlanMirror } from '../../domain/api-keys/key-plan-mirror';

export type UsagePlanIds = Record<Tier, string>;

const nameOf = (error: unknown): string | undefined => (error as { name?: string } | undefined)?.name;
/** A step already done: what a retry of a deletion meets. */
const unlessGone = (error: unknown): void => {
  if (nameOf(error) !== 'NotFoundException') throw error;
};
const gatewayKeyName = (apiKeyId: string): string => `frameforge-${apiKeyId}`;

/**
 * Mirrors each product key as an API Gateway key in its tier's usage plan.
 * The gateway key's value is derived from the product key's id (never its
 * secret); the authorizer returns the same value as `usageIdentifierKey`.
 * Every step tolerates having been done already, so a retried webhook or a
 * second call converges on the same state.
 */
export class ApiGatewayUsagePlanKeyMirror implements KeyPlanMirror {
  /** `owner` tags every key made, so its deletion can be granted on this stack's keys only. */
  constructor(
    private readonly client: APIGatewayClient,
    private readonly plans: UsagePlanIds,
    private readonly owner: string,
  ) {}

  async place(apiKeyId: string, tier: Tier | null): Promise<void> {
    const gatewayKeyId = await this.ensureGatewayKey(apiKeyId);
    for (const planTier of TIERS) {
      const usagePlanId = this.plans[planTier];
      if (planTier === tier) {
        await this.client
          .send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId: gatewayKeyId, keyType: 'API_KEY' }))
          .catch((error: unknown) => {
            if (nameOf(error) !== 'ConflictException') throw error;
          });
      } else {
        await this.client.send(new DeleteUsagePlanKeyCommand({ usagePlanId, keyId: gatewayKeyId })).catch(unlessGone);
      }
    }
  }

  async remove(apiKeyId: string): Promise<void> {
    const gatewayKeyId = await this.findGatewayKey(gatewayKeyName(apiKeyId));
    if (!gatewayKeyId) return;
    // Out of the plans first: a retry after a failure half-way still finds the key by its name.
    for (const planTier of TIERS) {
      await this.client.send(new DeleteUsagePlanKeyCommand({ usagePlanId: this.plans[planTier], keyId: gatewayKeyId })).catch(unlessGone);
    }
    await this.client.send(new DeleteApiKeyCommand({ apiKey: gatewayKeyId })).catch(unlessGone);
  }

  private async ensureGatewayKey(apiKeyId: string): Promise<string> {
    const name = gatewayKeyName(apiKeyId);
    try {
      const created = await this.client.send(
        new CreateApiKeyCommand({ name, value: usageIdentifierOf(apiKeyId), enabled: true, tags: { [GATEWAY_KEY_OWNER_TAG]: this.owner } }),
      );
      if (created.id) return created.id;
    } catch (error) {
      if (nameOf(error) !== 'ConflictException') throw error;
    }
    const id = await this.findGatewayKey(name);
    if (!id) throw new Error(`API Gateway key ${name} could not be created or found`);
    return id;
  }

  /** The gateway key of this exact name (the query matches by prefix), if there is one. */
  private async findGatewayKey(name: string): Promise<string | undefined> {
    const found = await this.client.send(new GetApiKeysCommand({ nameQuery: name, limit: 5 }));
    return found.items?.find((item) => item.name === name)?.id;
  }
}

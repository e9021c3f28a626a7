import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetUsagePlanKeysCommand,
  type APIGatewayClient,
} from '@aws-sdk/client-api-gateway';
import { GATEWAY_KEY_OWNER_TAG, GATEWAY_PLANS, usageIdentifierOf, type GatewayPlan } from '../../../../kernel/contracts/usage-plans';
import type { KeyPlanMirror } from '../../domain/key-plan-mirror';

export type UsagePlanIds = Record<GatewayPlan, string>;

const nameOf = (error: unknown): string | undefined => (error as { name?: string } | undefined)?.name;
/** A step already done: what a retry of a deletion meets. */
const unlessGone = (error: unknown): void => {
  if (nameOf(error) !== 'NotFoundException') throw error;
};
const gatewayKeyName = (apiKeyId: string): string => `frameforge-${apiKeyId}`;
/** Waits before each new look for a key another call is placing: about 3 s in all, well inside a function's timeout. */
const MEANWHILE_LOOKS_MS = [50, 100, 200, 400, 800, 1600];

/** Where a product key's gateway key stands: its id, and the plans that hold it. */
interface GatewayKey {
  id: string;
  plans: GatewayPlan[];
}

/**
 * Mirrors each product key as an API Gateway key in its tier's usage plan.
 * The gateway key's value is derived from the product key's id (never its
 * secret); the authorizer returns the same value as `usageIdentifierKey`.
 * A gateway key exists only while a plan holds it, so it is always found
 * through this stack's own plans: nothing reads the account's key list.
 * Every step tolerates having been done already, so a retried webhook or a
 * second call converges on the same state.
 */
export class ApiGatewayUsagePlanKeyMirror implements KeyPlanMirror {
  /** `owner` tags every key made, so its deletion can be granted on this stack's keys only. */
  constructor(
    private readonly client: APIGatewayClient,
    private readonly plans: UsagePlanIds,
    private readonly owner: string,
    private readonly meanwhileLooksMs: readonly number[] = MEANWHILE_LOOKS_MS,
  ) {}

  /** Into its plan and out of the others; with no plan, the gateway key is deleted (API Gateway allows 10,000). */
  async place(apiKeyId: string, tier: GatewayPlan | null): Promise<void> {
    if (tier === null) return this.remove(apiKeyId);
    const { id: gatewayKeyId, plans: held } = (await this.find(apiKeyId)) ?? (await this.create(apiKeyId));
    if (!held.includes(tier)) {
      await this.client
        .send(new CreateUsagePlanKeyCommand({ usagePlanId: this.plans[tier], keyId: gatewayKeyId, keyType: 'API_KEY' }))
        .catch((error: unknown) => {
          if (nameOf(error) !== 'ConflictException') throw error;
        });
    }
    for (const other of held.filter((planTier) => planTier !== tier)) {
      await this.client.send(new DeleteUsagePlanKeyCommand({ usagePlanId: this.plans[other], keyId: gatewayKeyId })).catch(unlessGone);
    }
  }

  /** Deleting the key takes it out of its plans at once: one call, so no failure half-way leaves it in no plan and unfindable. */
  async remove(apiKeyId: string): Promise<void> {
    const found = await this.find(apiKeyId);
    if (found) await this.client.send(new DeleteApiKeyCommand({ apiKey: found.id })).catch(unlessGone);
  }

  /** A new gateway key in no plan yet, or the one another call made meanwhile. */
  private async create(apiKeyId: string): Promise<GatewayKey> {
    const name = gatewayKeyName(apiKeyId);
    try {
      const created = await this.client.send(
        new CreateApiKeyCommand({ name, value: usageIdentifierOf(apiKeyId), enabled: true, tags: { [GATEWAY_KEY_OWNER_TAG]: this.owner } }),
      );
      if (created.id) return { id: created.id, plans: [] };
      throw new Error(`API Gateway made key ${name} without an id`);
    } catch (error) {
      if (nameOf(error) !== 'ConflictException') throw error;
      return this.findMadeMeanwhile(apiKeyId, error);
    }
  }

  /**
   * A key that exists but no plan holds: most often another call placing the
   * same product key (a new key and its subscription's webhook at the same
   * moment) is between making it and putting it in its plan, so this looks
   * again for a few seconds before giving up.
   */
  private async findMadeMeanwhile(apiKeyId: string, conflict: unknown): Promise<GatewayKey> {
    for (const ms of this.meanwhileLooksMs) {
      await sleep(ms);
      const found = await this.find(apiKeyId);
      if (found) return found;
    }
    // Made by a try that stopped before any plan took it: no plan shows it, and the account's list is not ours to read.
    const name = gatewayKeyName(apiKeyId);
    throw new Error(`API Gateway key ${name} exists outside this stack's usage plans: delete it (it carries the ${GATEWAY_KEY_OWNER_TAG} tag) and retry`, { cause: conflict });
  }

  /** The gateway key of this exact name in this stack's plans (the query matches by prefix), if a plan holds it. */
  private async find(apiKeyId: string): Promise<GatewayKey | undefined> {
    const name = gatewayKeyName(apiKeyId);
    let found: GatewayKey | undefined;
    for (const tier of GATEWAY_PLANS) {
      const answer = await this.client.send(new GetUsagePlanKeysCommand({ usagePlanId: this.plans[tier], nameQuery: name }));
      const item = answer.items?.find((key) => key.name === name);
      if (item?.id) found = { id: item.id, plans: [...(found?.plans ?? []), tier] };
    }
    return found;
  }
}

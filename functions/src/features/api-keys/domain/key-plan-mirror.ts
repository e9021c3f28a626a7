import type { GatewayPlan } from '../../../kernel/contracts/usage-plans';

/**
 * Keeps a product key's twin in the API Gateway usage plan of its tier, or
 * the test plan for a test key (the outer throttle on AWS). `null` takes it
 * out of every plan.
 */
export interface KeyPlanMirror {
  place(apiKeyId: string, plan: GatewayPlan | null): Promise<void>;
  /**
   * Deletes the twin for good (out of every plan, then the gateway key), once
   * its product key is revoked or its account deleted: gateway keys are
   * limited per region. A twin already gone is done, so a retry never fails.
   */
  remove(apiKeyId: string): Promise<void>;
}

/**
 * Where no API Gateway runs (the local stack), the gateway applies the tier's
 * throttle from the authorizer's context, so there is nothing to mirror.
 */
export const withoutUsagePlans: KeyPlanMirror = { place: () => Promise.resolve(), remove: () => Promise.resolve() };

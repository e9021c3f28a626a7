import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { TEST_KEY_TIER } from '../../../../kernel/contracts/key-modes';
import { usageIdentifierOf } from '../../../../kernel/contracts/usage-plans';
import { entitlementOf } from '../../domain/entitlement';
import { AuthenticationError } from '../../../../kernel/domain/errors';
import { activeKeys } from '../../wiring/active-keys';
import { subscriptionLookup } from '../../../billing/wiring/subscriptions';

function headerOf(event: APIGatewayRequestAuthorizerEvent, name: string): string | undefined {
  const entry = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return entry?.[1] ?? undefined;
}

/**
 * REQUEST authorizer of the product API. The answer is cached per key for
 * 60 s, so the policy covers every route: a revoked key, a plan change, a
 * cancellation that reached its end or a lapsed payment all reach every key
 * within 60 s. Throwing 'Unauthorized' is how API Gateway is told to answer
 * 401; a Deny policy answers 403 (a known key without an active subscription).
 * A test key needs no subscription: it passes with every plan's features
 * (the highest tier) and its mode, which sets its own limits and caps.
 */
export const handler = async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  let principal;
  try {
    principal = await activeKeys().authenticate(headerOf(event, 'x-api-key'));
  } catch (error) {
    if (error instanceof AuthenticationError) throw new Error('Unauthorized');
    throw error;
  }
  const [entitlement] = await Promise.all([
    subscriptionLookup().forUser(principal.userId).then(entitlementOf),
    activeKeys().markUsed(principal.apiKeyId),
  ]);
  const [arnPrefix] = event.methodArn.split('/');
  const test = principal.mode === 'test';
  return {
    principalId: principal.userId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: test || entitlement.active ? 'Allow' : 'Deny', Resource: `${arnPrefix}/*` }],
    },
    // API key source AUTHORIZER: the usage plan of the key's tier throttles it.
    usageIdentifierKey: usageIdentifierOf(principal.apiKeyId),
    context: {
      userId: principal.userId,
      apiKeyId: principal.apiKeyId,
      tier: test ? TEST_KEY_TIER : entitlement.tier,
      subscriptionStatus: entitlement.status,
      keyMode: principal.mode,
    },
  };
};

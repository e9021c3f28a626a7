import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { ApiGatewayUsagePlanKeyMirror } from '../adapters/api-gateway/usage-plan-key-mirror';
import { DynamoDbApiKeyRepository } from '../adapters/dynamodb/api-key-repository';
import { ApiKeyService } from '../domain/api-key-service';
import { withoutUsagePlans, type KeyPlanMirror } from '../domain/key-plan-mirror';
import { sealerOnUse } from '../../../kernel/wiring/sealing';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'TABLE_API_KEYS', 'USAGE_PLAN_BASIC', 'USAGE_PLAN_BOOST', 'USAGE_PLAN_ELITE', 'USAGE_PLAN_TEST', 'GATEWAY_KEY_OWNER');

/** API Gateway usage plans, on AWS and on the local stack's API Gateway; the local gateway throttles by the authorizer's tier. */
export const keyPlanMirror = once((): KeyPlanMirror => {
  const c = env;
  if (!c.USAGE_PLAN_BASIC || !c.USAGE_PLAN_BOOST || !c.USAGE_PLAN_ELITE || !c.USAGE_PLAN_TEST || !c.GATEWAY_KEY_OWNER) return withoutUsagePlans;
  return new ApiGatewayUsagePlanKeyMirror(
    new APIGatewayClient({ region: c.AWS_REGION }),
    { basic: c.USAGE_PLAN_BASIC, boost: c.USAGE_PLAN_BOOST, elite: c.USAGE_PLAN_ELITE, test: c.USAGE_PLAN_TEST },
    c.GATEWAY_KEY_OWNER,
  );
});

/** Keys as the portal and the webhook manage them: created, revealed, revoked, re-tiered into their plan. */
export const apiKeyService = once(
  () => new ApiKeyService(new DynamoDbApiKeyRepository(documentClient(), env.TABLE_API_KEYS), keyPlanMirror(), sealerOnUse),
);

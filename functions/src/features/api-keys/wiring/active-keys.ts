import { DynamoDbApiKeyRepository } from '../adapters/dynamodb/api-key-repository';
import { ApiKeyService } from '../domain/api-key-service';
import { withoutUsagePlans } from '../domain/key-plan-mirror';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_API_KEYS');

/**
 * Keys as the product API and its authorizer see them: looked up, checked
 * still active, their last use recorded. They never move keys between usage
 * plans, nor seal or open a key's secret, so these functions carry no API
 * Gateway or KMS client.
 */
export const activeKeys = once(
  () => new ApiKeyService(new DynamoDbApiKeyRepository(documentClient(), env.TABLE_API_KEYS), withoutUsagePlans),
);

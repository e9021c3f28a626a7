import { DynamoDbCallbackSecretStore } from '../adapters/dynamodb/callback-secret-store';
import type { CallbackSecrets } from '../domain/callback-service';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_CALLBACK_SECRETS');

export const callbackSecrets = once((): CallbackSecrets => new DynamoDbCallbackSecretStore(documentClient(), env.TABLE_CALLBACK_SECRETS));

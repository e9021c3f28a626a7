import { DynamoDbCallbackSecretStore } from '../../adapters/dynamodb/callback-secret-store';
import type { CallbackSecrets } from '../../domain/callbacks/callback-service';
import { config, documentClient, once } from './shared';

export const callbackSecrets = once((): CallbackSecrets => new DynamoDbCallbackSecretStore(documentClient(), config().TABLE_CALLBACK_SECRETS));

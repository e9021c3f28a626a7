import { DynamoDbCallbackSecretStore } from '../../adapters/dynamodb/callback-secret-store';
import type { CallbackSecrets } from '../../domain/callbacks/callback-service';
import { configOf, documentClient, once } from './shared';

const env = configOf('TABLE_CALLBACK_SECRETS');

export const callbackSecrets = once((): CallbackSecrets => new DynamoDbCallbackSecretStore(documentClient(), env.TABLE_CALLBACK_SECRETS));

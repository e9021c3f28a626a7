import { DynamoDbProfileRepository } from '../../adapters/dynamodb/profile-repository';
import { config, documentClient, once } from './shared';

export const profiles = once(() => new DynamoDbProfileRepository(documentClient(), config().TABLE_USER_PROFILES));

import { DynamoDbProfileRepository } from '../adapters/dynamodb/profile-repository';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_USER_PROFILES');

export const profiles = once(() => new DynamoDbProfileRepository(documentClient(), env.TABLE_USER_PROFILES));

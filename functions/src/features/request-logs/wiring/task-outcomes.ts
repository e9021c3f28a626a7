import { DynamoDbRequestLogStore } from '../adapters/dynamodb/request-log-store';
import { DynamoDbUsageCounters } from '../adapters/dynamodb/usage-counter-store';
import { TaskOutcomes } from '../domain/task-outcomes';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_API_LOGS', 'TABLE_USAGE_COUNTERS');

/** Puts ended jobs' outcomes on their requests' log rows (the jobs table's stream consumer). */
export const taskOutcomes = once(
  () => new TaskOutcomes(new DynamoDbRequestLogStore(documentClient(), env.TABLE_API_LOGS), new DynamoDbUsageCounters(documentClient(), env.TABLE_USAGE_COUNTERS)),
);

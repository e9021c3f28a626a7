import { DynamoDbRequestLogStore } from '../adapters/dynamodb/request-log-store';
import { DynamoDbLiveUsage } from '../adapters/dynamodb/live-usage';
import { DynamoDbUsageCounters } from '../adapters/dynamodb/usage-counter-store';
import { RequestLogService } from '../domain/request-log-service';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_API_LOGS', 'TABLE_USAGE_COUNTERS');

export const requestLogs = once(
  () =>
    new RequestLogService(
      new DynamoDbRequestLogStore(documentClient(), env.TABLE_API_LOGS),
      new DynamoDbUsageCounters(documentClient(), env.TABLE_USAGE_COUNTERS),
    ),
);

/** The dashboard's live figures: the keys' open minute windows and the running jobs. */
export const liveUsage = once(() => new DynamoDbLiveUsage(documentClient(), env.TABLE_USAGE_COUNTERS));

import { DynamoDbRequestLogStore } from '../../adapters/dynamodb/request-log-store';
import { DynamoDbUsageCounters } from '../../adapters/dynamodb/usage-counter-store';
import { RequestLogService } from '../../domain/request-logs/request-log-service';
import { config, documentClient, once } from './shared';

export const requestLogs = once(
  () =>
    new RequestLogService(
      new DynamoDbRequestLogStore(documentClient(), config().TABLE_API_LOGS),
      new DynamoDbUsageCounters(documentClient(), config().TABLE_USAGE_COUNTERS),
    ),
);

import { DynamoDbRateWindowStore } from '../limits/dynamodb-rate-window-store';
import { RateLimiter } from '../limits/rate-limit';
import type { KeyedServices } from '../http/product/keyed-endpoint';
import { accountNotices } from '../../features/notifications/wiring/account-notices';
import { activeKeys } from '../../features/api-keys/wiring/active-keys';
import { requestLogs } from '../../features/request-logs/wiring/request-logs';
import { configOf, documentClient, once } from './shared';

const env = configOf('TABLE_USAGE_COUNTERS');

/** Each counted request's standing goes to the usage alerts (80% of a window used: one e-mail a day at most; job-failure e-mails are the worker's). */
const rateLimiter = once(
  () =>
    new RateLimiter(new DynamoDbRateWindowStore(documentClient(), env.TABLE_USAGE_COUNTERS), Date.now, (subject, window) =>
      accountNotices().usageAlerts.afterCounted(subject.userId, subject.tier, window),
    ),
);

/** What every keyed product chain uses. */
export const keyedServices: KeyedServices = { limiter: rateLimiter, keys: activeKeys, logs: requestLogs };

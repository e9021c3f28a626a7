import { DynamoDbRateWindowStore } from '../../../kernel/limits/dynamodb-rate-window-store';
import { RateLimiter } from '../../../kernel/limits/rate-limit';
import type { KeyedServices } from '../../../kernel/http/product/keyed-endpoint';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';
import { accountNotices } from '../../notifications/wiring/account-notices';
import { activeKeys } from '../../api-keys/wiring/active-keys';
import { requestLogs } from '../../request-logs/wiring/request-logs';

const env = configOf('TABLE_USAGE_COUNTERS');

/** Each counted request's standing goes to the usage alerts (80% of a window used: one e-mail a day at most; job-failure e-mails are the worker's). */
const rateLimiter = once(
  () =>
    new RateLimiter(new DynamoDbRateWindowStore(documentClient(), env.TABLE_USAGE_COUNTERS), Date.now, (subject, window) =>
      accountNotices().usageAlerts.afterCounted(subject.userId, subject.tier, window),
    ),
);

/**
 * The keyed chain of the routes that count against the key's allowance (the
 * processing endpoints and the voice list): the jobs room composes it, since
 * only its routes count, and the kernel's chain takes it as its services.
 */
export const countedServices: KeyedServices = { limiter: rateLimiter, keys: activeKeys, logs: requestLogs };

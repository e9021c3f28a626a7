import { DynamoDbRateWindowStore } from '../../../kernel/limits/dynamodb-rate-window-store';
import { RateLimiter } from '../../../kernel/limits/rate-limit';
import type { KeyedServices } from '../../../kernel/http/product/keyed-endpoint';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';
import { loadedOnUse } from '../../../kernel/adapters/loaded-on-use';
import { rateAlertReason } from '../../../kernel/limits/usage-alert-reason';
import { accountNoticesEnv } from '../../notifications/wiring/account-notices-config';
import { keyChecks } from './key-checks';

const env = configOf('TABLE_USAGE_COUNTERS');
// Checked at load like the rest of the function's variables, though the notices themselves load on use.
void accountNoticesEnv;

/**
 * The notices, with their e-mails' texts in six languages (a tenth of a job
 * endpoint's code): loaded by the first request that is worth an alert, not
 * by every cold start.
 */
const notices = loadedOnUse(async () => (await import('../../notifications/wiring/account-notices')).accountNotices());

/** Each counted request's standing goes to the usage alerts (80% of a window used: one e-mail a day at most; job-failure e-mails are the worker's). */
const rateLimiter = once(
  () =>
    new RateLimiter(new DynamoDbRateWindowStore(documentClient(), env.TABLE_USAGE_COUNTERS), Date.now, async (subject, window) => {
      const reason = rateAlertReason(window, subject.tier);
      return reason ? (await notices()).usageAlerts.notify(subject.userId, reason) : null;
    }),
);

/**
 * The keyed chain of the routes that count against the key's allowance (the
 * processing endpoints and the voice list): the jobs room composes it, since
 * only its routes count, and the kernel's chain takes it as its services.
 */
export const countedServices: KeyedServices = { limiter: rateLimiter, ...keyChecks };

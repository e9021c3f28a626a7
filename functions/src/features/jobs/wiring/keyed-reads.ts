import { DynamoDbRateWindowStore } from '../../../kernel/limits/dynamodb-rate-window-store';
import { RateLimiter } from '../../../kernel/limits/rate-limit';
import type { KeyedServices } from '../../../kernel/http/product/keyed-endpoint';
import { keyChecks } from './key-checks';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_USAGE_COUNTERS');

/**
 * The keyed chain of the routes that count nothing (a task, a file, an
 * upload): they show the key's standing but never take from it, so no usage
 * alert can come from them, and they carry no e-mail code.
 */
const standing = once(() => new RateLimiter(new DynamoDbRateWindowStore(documentClient(), env.TABLE_USAGE_COUNTERS)));

export const readServices: KeyedServices = { limiter: standing, ...keyChecks };

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountCounters } from '../../../account/domain/account-deletion';
import { testSlotOwner } from '../../../jobs/domain/concurrency';
import { slotsId } from '../../../jobs/adapters/dynamodb/job-slot-store';
import { knownAddressId } from '../../../account/adapters/dynamodb/known-address-store';
import { deleteKeys } from '../../../../kernel/adapters/dynamodb/owned-items';
import { DAY_BUCKET_DAYS, HOUR_MS, QUARTER_BUCKET_DAYS, QUARTER_MS, dayId, hourId, quarterId, totalId } from '../../../request-logs/adapters/dynamodb/usage-counter-store';

const DAY_MS = 86_400_000;
/** TTL removes an expired item only within days of its expiry: until then it is still there to delete. */
const TTL_LAG_DAYS = 3;
/** The usage alert's daily mark lives two days. */
const ALERT_MARK_DAYS = 2;

/** The rate limiter's window of one key (domain/limits/rate-limit.ts). */
const rateWindowId = (apiKeyId: string) => `rate#${apiKeyId}`;
/** The once-a-day usage alert's mark, and a failed job's e-mail mark (domain/notifications). */
const alertMarkId = (userId: string, day: string) => `alert#${userId}#${day}`;
const jobMailMarkId = (jobId: string) => `jobmail#${jobId}`;

const floorTo = (ms: number, step: number) => ms - (ms % step);

/**
 * Every id of the usage-counters table that can hold something of this user:
 * the counters' buckets that have not expired (or expired but not yet swept),
 * the running-job slots (the plan's and the test keys'), each key's rate window, the notice marks and the
 * address last seen (for the e-mail-change notice). The
 * table has no index by user, so the ids are computed, not searched; an id
 * with no item costs nothing. A bucket of the next hour or day is included
 * for a writer whose clock runs ahead.
 */
export function counterIdsOf(userId: string, related: { apiKeyIds: readonly string[]; jobIds: readonly string[] }, now: Date): string[] {
  const nowMs = now.getTime();
  const ids = [totalId(userId), slotsId(userId), slotsId(testSlotOwner(userId)), knownAddressId(userId)];
  const days = (back: number) => Array.from({ length: back + 2 }, (_, i) => new Date(floorTo(nowMs, DAY_MS) + (1 - i) * DAY_MS).toISOString().slice(0, 10));
  ids.push(...days(DAY_BUCKET_DAYS + TTL_LAG_DAYS).map((date) => dayId(userId, date)));
  ids.push(...days(ALERT_MARK_DAYS + TTL_LAG_DAYS).map((date) => alertMarkId(userId, date)));
  const oldest = nowMs - (QUARTER_BUCKET_DAYS + TTL_LAG_DAYS) * DAY_MS;
  for (let start = floorTo(nowMs, HOUR_MS) + HOUR_MS; start >= oldest - HOUR_MS; start -= HOUR_MS) ids.push(hourId(userId, start));
  for (let start = floorTo(nowMs, QUARTER_MS) + QUARTER_MS; start >= oldest - QUARTER_MS; start -= QUARTER_MS) ids.push(quarterId(userId, start));
  ids.push(...related.apiKeyIds.map(rateWindowId), ...related.jobIds.map(jobMailMarkId));
  return ids;
}

/** The usage-counters items of one user, deleted by their computed ids. */
export class DynamoDbUsageCounterErasure implements AccountCounters {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async deleteAllOf(userId: string, related: { apiKeyIds: readonly string[]; jobIds: readonly string[] }): Promise<void> {
    await deleteKeys(this.client, this.tableName, counterIdsOf(userId, related, this.now()).map((id) => ({ id })));
  }
}

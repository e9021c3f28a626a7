import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobRecord } from '../../../jobs/domain/job';
import { RateLimiter, type RateWindowStore } from '../../../../kernel/limits/rate-limit';
import { JobFailureEmails } from '../../../notifications/domain/job-failure-emails';
import type { NoticeDeps } from '../../../notifications/domain/notice-delivery';
import { UsageAlerts } from '../../../notifications/domain/usage-alerts';
import { DynamoDbJobSlotStore } from '../../../jobs/adapters/dynamodb/job-slot-store';
import { DynamoDbKnownAddressStore } from '../../../account/adapters/dynamodb/known-address-store';
import { counterIdsOf, DynamoDbUsageCounterErasure } from './usage-counter-erasure';
import { DynamoDbUsageCounters } from '../../../request-logs/adapters/dynamodb/usage-counter-store';

const USER = '5d1c0e4a-7b2f-4a51-9c3e-2f6d8e9a0b1c';
const NOW = new Date('2025-03-01T00:07:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Sent {
  name: string;
  input: Record<string, unknown>;
}

/** A document client that records each command and answers as if it succeeded. */
function recordingClient(answer: (command: Sent) => Record<string, unknown> = () => ({})) {
  const sent: Sent[] = [];
  const client = {
    send: (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const entry = { name: command.constructor.name, input: command.input };
      sent.push(entry);
      return Promise.resolve(answer(entry));
    },
  } as unknown as DynamoDBDocumentClient;
  const idsWritten = () =>
    sent.map((c) => ((c.input.Key ?? c.input.Item) as { id?: string } | undefined)?.id).filter((id): id is string => id !== undefined);
  return { client, sent, idsWritten };
}

/** The ids the product's own writers use for this user, at `at`. */
async function idsWrittenAt(at: Date): Promise<string[]> {
  const { client, idsWritten } = recordingClient();
  await new DynamoDbUsageCounters(client, 't').count(USER, at, { isError: false, operation: 'POST /cut', apiKeyId: 'k1', processing: true });
  await new DynamoDbJobSlotStore(client, 't').acquire(USER, 'job-1', 5, at.getTime() + 60_000, at.getTime());
  await new DynamoDbKnownAddressStore(client, 't').replace(USER, undefined, 'someone@example.com');
  const rateIds: string[] = [];
  const store: RateWindowStore = {
    take: (id) => (rateIds.push(id), Promise.resolve({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 })),
    peek: (id) => (rateIds.push(id), Promise.resolve({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 })),
    giveBack: () => Promise.resolve(false),
  };
  await new RateLimiter(store, () => at.getTime()).take('key-1', 'basic');
  const claimIds: string[] = [];
  const deps: NoticeDeps = {
    profiles: { get: () => Promise.resolve(undefined) },
    directory: { emailOf: () => Promise.resolve('someone@example.com') },
    sender: { send: () => Promise.resolve() },
    claims: { claim: (id) => (claimIds.push(id), Promise.resolve(true)), release: () => Promise.resolve() },
    portalUrl: 'https://portal.example',
    now: () => at,
  };
  await new UsageAlerts(deps).notify(USER, { kind: 'rate', limit: 3, used: 3, tier: 'basic' });
  const failed = { id: 'job-1', userId: USER, endpoint: 'cut', status: 'failed', error: { code: 'x', message: 'Error: broken' } } as unknown as JobRecord;
  await new JobFailureEmails(deps).notify(failed);
  return [...idsWritten(), ...rateIds, ...claimIds];
}

describe('the usage-counters ids of an account', () => {
  const related = { apiKeyIds: ['key-1'], jobIds: ['job-1'] };

  it('covers every id the product writes for the user now, a while ago, and by a clock running ahead', async () => {
    const ids = new Set(counterIdsOf(USER, related, NOW));
    for (const at of [NOW, new Date(NOW.getTime() - 47 * HOUR), new Date(NOW.getTime() + 20 * 60_000)]) {
      const written = await idsWrittenAt(at);
      expect(written.length).toBeGreaterThanOrEqual(9);
      expect(written.filter((id) => !ids.has(id))).toEqual([]);
    }
  });

  it('covers a daily bucket until its 40 days have passed, expired items TTL has not swept yet included', async () => {
    const ids = new Set(counterIdsOf(USER, related, NOW));
    const old = await idsWrittenAt(new Date(NOW.getTime() - 42 * DAY));
    expect(old.filter((id) => id.includes('#d#') || id.endsWith('#total')).every((id) => ids.has(id))).toBe(true);
  });

  it('names only this user, their keys and their jobs', () => {
    const ids = counterIdsOf(USER, related, NOW);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.includes(USER) || id === 'rate#key-1' || id === 'jobmail#job-1').toBe(true);
  });

  it('deletes them all, in batches of 25, retrying what was left unprocessed', async () => {
    let first = true;
    const { client, sent } = recordingClient((command) => {
      const requests = (command.input.RequestItems as Record<string, { DeleteRequest: { Key: { id: string } } }[]>).counters ?? [];
      if (!first) return {};
      first = false;
      return { UnprocessedItems: { counters: requests.slice(0, 2) } };
    });
    await new DynamoDbUsageCounterErasure(client, 'counters', () => NOW).deleteAllOf(USER, related);
    const deleted = sent.flatMap((c) => (c.input.RequestItems as Record<string, { DeleteRequest: { Key: { id: string } } }[]>).counters ?? []).map((r) => r.DeleteRequest.Key.id);
    expect(sent.every((c) => c.name === 'BatchWriteCommand')).toBe(true);
    expect(Math.max(...sent.map((c) => (c.input.RequestItems as Record<string, unknown[]>).counters?.length ?? 0))).toBe(25);
    const expected = counterIdsOf(USER, related, NOW);
    expect(new Set(deleted)).toEqual(new Set(expected));
    expect(deleted).toHaveLength(expected.length + 2);
  });
});

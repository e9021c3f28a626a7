import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { customerMarkerKey } from '@frameforge/functions/features/account/adapters/dynamodb/billing-erasure';
import { deleteAccountResponseSchema } from '@frameforge/functions/features/profiles/contracts/profile';
import { AccountDeletion } from '@frameforge/functions/features/account/domain/account-deletion';
import { sandboxStripe } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import {
  accountStores,
  cancellationProcessed,
  documents,
  poolHasUser,
  richAccount,
  tableName,
  tracesOf,
  type RichAccount,
} from './account-deletion-support';

const endpoints = testEndpoints();
let video: Buffer;

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'frameforge-erase-')), 'input.mp4');
  await makeTestVideo(path, 2);
  video = readFileSync(path);
});

const deleteAccount = (token: string) =>
  fetch(`${endpoints.portalApi}/account`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
const keyAnswer = async (key: string) => (await fetch(`${endpoints.productApi}/account`, { headers: { 'X-API-Key': key } })).status;
const needlesOf = (account: RichAccount) => [account.userId, account.email, account.key, account.keyId];

/** The spec's deleted_at marker of the customer, and what else still holds the customer id (nothing may). */
async function customerTraces(customerId: string) {
  const out = await documents.send(new ScanCommand({ TableName: tableName('TABLE_STRIPE_CUSTOMERS') }));
  const rows = (out.Items ?? []).filter((row) => row.customerId === customerId);
  const elsewhere = (await tracesOf([customerId])).filter((trace) => !trace.startsWith(`${tableName('TABLE_STRIPE_CUSTOMERS')}: `));
  return { rows, elsewhere };
}

/** Everything is gone: no trace anywhere, only the marker, no pool user, the key refused, nothing billing. */
async function expectErased(account: RichAccount): Promise<void> {
  await cancellationProcessed(endpoints, account.customerId);
  expect(await tracesOf(needlesOf(account))).toEqual([]);
  const { rows, elsewhere } = await customerTraces(account.customerId);
  expect(rows).toEqual([{ userId: customerMarkerKey(account.customerId), customerId: account.customerId, deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
  expect(elsewhere).toEqual([]);
  expect(await poolHasUser(account.userId)).toBe(false);
  await expect(account.client.signIn(account.email, 'secret-pass')).rejects.toThrow();
  expect(await keyAnswer(account.key)).toBe(401);
  const subscriptions = await sandboxStripe(endpoints).subscriptions.list({ customer: account.customerId, status: 'all' });
  expect(subscriptions.data.length).toBeGreaterThan(0);
  expect(subscriptions.data.map((s) => s.status)).toEqual(subscriptions.data.map(() => 'canceled'));
}

describe('DELETE /account', () => {
  it('deletes everything the user owns: records, files, the subscription and the user, keeping only the customer marker', async () => {
    const account = await richAccount(endpoints, video);
    // The search finds the account everywhere it lives before, so finding nothing after means something.
    const before = await tracesOf(needlesOf(account));
    const where = new Set(before.map((trace) => trace.slice(0, trace.indexOf(':'))));
    for (const store of [
      'api-keys', 'jobs', 'uploads', 'idempotency-keys', 'api-logs', 'usage-counters', 'callback-secrets', 'user-profiles', 'user-roles',
      'stripe-customers', 'stripe-subscriptions', 'user-subscriptions', 'media', 'profile-pictures',
    ]) {
      expect([...where]).toContain(`frameforge-${store}`);
    }
    expect(before.filter((trace) => trace.startsWith('frameforge-media: ')).map((trace) => trace.split('/')[0])).toEqual(
      expect.arrayContaining(['frameforge-media: inputs', 'frameforge-media: outputs', 'frameforge-media: uploads']),
    );
    expect(await keyAnswer(account.key)).toBe(200);

    const answer = await deleteAccount(account.token);
    expect(answer.status).toBe(200);
    expect(deleteAccountResponseSchema.parse(await answer.json())).toEqual({ deleted: true });
    await expectErased(account);

    // Asked again by the still-signed-in browser: done, nothing to do.
    const again = await deleteAccount(account.token);
    expect(again.status).toBe(200);
    await expectErased(account);
  });

  it('finishes on the next DELETE /account what an attempt that failed half-way left', async () => {
    const account = await richAccount(endpoints, video);
    const stores = accountStores(endpoints);
    // The pictures bucket fails: keys are revoked and billing cancelled by then, some records already deleted.
    const crashing = { ...stores, pictures: { deleteUnder: () => Promise.reject(new Error('storage went away')) } };
    await expect(new AccountDeletion(crashing).deleteAccount(account.userId)).rejects.toThrow('storage went away');

    expect(await keyAnswer(account.key)).toBe(401);
    const subscriptions = await sandboxStripe(endpoints).subscriptions.list({ customer: account.customerId, status: 'all' });
    expect(subscriptions.data.every((s) => s.status === 'canceled')).toBe(true);
    expect(await poolHasUser(account.userId)).toBe(true);
    const left = await tracesOf(needlesOf(account));
    expect(left.some((trace) => trace.startsWith('frameforge-profile-pictures: '))).toBe(true);
    expect(left.some((trace) => trace.startsWith('frameforge-api-keys: '))).toBe(true);

    const answer = await deleteAccount(account.token);
    expect(answer.status).toBe(200);
    await expectErased(account);
  });
});

import { AccountDeletion, type AccountStores } from './account-deletion';
import { ALICE, BOB, NOW, World } from './test-support';

/** The stores with one method (a dotted path such as `records.requestLogs.deleteAllOf`) that throws the first time it is called. */
function failingOnce(stores: AccountStores, path: string): AccountStores {
  const parts = path.split('.');
  const name = parts.pop() ?? '';
  const owner = parts.reduce((node, part) => node[part] as Record<string, unknown>, stores as unknown as Record<string, unknown>);
  const original = owner[name] as (...args: unknown[]) => Promise<unknown>;
  let thrown = false;
  owner[name] = (...args: unknown[]) => {
    if (thrown) return original(...args);
    thrown = true;
    return Promise.reject(new Error(`${path} failed`));
  };
  return stores;
}

describe('account deletion', () => {
  it('removes everything of the user and nothing of anyone else, keeping only the customer marker', async () => {
    const world = new World();
    await new AccountDeletion(world.stores(), { now: () => NOW }).deleteAccount(ALICE);

    expect(world.traceOf(ALICE, 'cus_a')).toEqual([]);
    // No gateway key of the user is left (API Gateway allows 10,000 per region).
    expect(world.plans.has('key-a1')).toBe(false);
    expect([...world.markers]).toEqual([['cus_a', { customerId: 'cus_a', deletedAt: NOW.toISOString() }]]);
    expect(world.traceOf(BOB, 'cus_b')).toEqual([BOB, 'key-b1', 'key-b2', 'job-b', 'cus_b']);
    expect(world.plans.get('key-b1')).toBe('elite');
    expect(world.stripe.get('sub_b')?.status).toBe('active');
    expect(world.media.size).toBe(3);
    expect(world.pictures.size).toBe(2);
  });

  it('refuses keys and cancels billing before anything is deleted, and removes the user pool entry last', async () => {
    const world = new World();
    await new AccountDeletion(world.stores(), { now: () => NOW }).deleteAccount(ALICE);
    const at = (name: string) => world.calls.indexOf(name);
    const firstDeletion = world.calls.findIndex((call) => /^(media|pictures|records|counters|jobs|keys):/.test(call) || call === 'billing:subscriptions');
    expect(at('revoke:key-a1')).toBeGreaterThanOrEqual(0);
    expect(world.calls).not.toContain('revoke:key-a2');
    for (const early of ['revoke:key-a1', 'gateway-key:key-a1', 'gateway-key:key-a2', 'billing:mark', 'payments:cancel']) expect(at(early)).toBeLessThan(firstDeletion);
    // What later attempts find things by goes after the steps that need it.
    for (const late of ['keys:delete', 'jobs:delete', 'billing:marker']) expect(at(late)).toBeGreaterThan(at('counters:delete'));
    expect(at('billing:marker')).toBeGreaterThan(at('payments:cancel'));
    expect(world.calls.at(-1)).toBe('users:delete');
  });

  it.each([
    'keys.revoke',
    'keyPlans.remove',
    'billing.markCustomerDeleted',
    'payments.cancelSubscriptionsOf',
    'media.deleteUnder',
    'pictures.deleteUnder',
    'records.requestLogs.deleteAllOf',
    'counters.deleteAllOf',
    'billing.deleteSubscriptionsOf',
    'jobs.deleteAllOf',
    'keys.deleteAllOf',
    'billing.replaceCustomerWithMarker',
    'users.deleteUser',
  ])('finishes on the next attempt after %s failed half-way', async (path) => {
    const world = new World();
    const deletion = new AccountDeletion(failingOnce(world.stores(), path), { now: () => NOW });

    await expect(deletion.deleteAccount(ALICE)).rejects.toThrow(`${path} failed`);
    // Until the job is done the user can still sign in to retry it.
    expect(world.users.has(ALICE)).toBe(true);
    await deletion.deleteAccount(ALICE);

    expect(world.traceOf(ALICE, 'cus_a')).toEqual([]);
    expect([...world.markers.keys()]).toEqual(['cus_a']);
    expect(world.traceOf(BOB, 'cus_b')).toHaveLength(5);
  });

  it('is done, not failed, when asked again after it finished', async () => {
    const world = new World();
    const deletion = new AccountDeletion(world.stores(), { now: () => NOW });
    await deletion.deleteAccount(ALICE);
    await expect(deletion.deleteAccount(ALICE)).resolves.toEqual({ confirmation: 'none' });
    expect(world.traceOf(ALICE, 'cus_a')).toEqual([]);
    expect(world.markers.get('cus_a')).toEqual({ customerId: 'cus_a', deletedAt: NOW.toISOString() });
  });

  it('works for a user who never subscribed', async () => {
    const world = new World();
    world.customers.delete(ALICE);
    world.stripe.delete('sub_a');
    world.subscriptionRows.delete('cus_a');
    await new AccountDeletion(world.stores(), { now: () => NOW }).deleteAccount(ALICE);
    expect(world.calls).not.toContain('payments:cancel');
    expect(world.traceOf(ALICE, 'cus_a')).toEqual([]);
    expect(world.markers.size).toBe(0);
  });

  it.each(['', 'a/b', '../x', 'x#y'])('refuses the user id %j, which could widen a prefix', async (userId) => {
    const world = new World();
    await expect(new AccountDeletion(world.stores()).deleteAccount(userId)).rejects.toThrow(/sub/);
    expect(world.calls).toEqual([]);
  });
});

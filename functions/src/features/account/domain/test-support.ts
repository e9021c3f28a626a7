import type { GatewayPlan } from '../../../kernel/contracts/usage-plans';
import type { AccountStores, FileStore, OwnedRecords } from './account-deletion';

export const ALICE = '0a1b2c3d-0000-4000-8000-00000000a11c';
export const BOB = '0a1b2c3d-0000-4000-8000-0000000000b0';
export const NOW = new Date('2025-03-01T12:00:00.000Z');

interface Customer {
  customerId: string;
  email: string | null;
  deletedAt: string | null;
}

/** Every store of the product in memory, seeded with two users; the calls are recorded in order. */
export class World {
  readonly calls: string[] = [];
  keys = new Map<string, { userId: string; isActive: boolean }>();
  plans = new Map<string, GatewayPlan | null>();
  customers = new Map<string, Customer>();
  markers = new Map<string, { customerId: string; deletedAt: string }>();
  subscriptionRows = new Map<string, { userId: string }>();
  userSubscriptions = new Set<string>();
  stripe = new Map<string, { customerId: string; status: string }>();
  jobs = new Map<string, { userId: string }>();
  counters = new Set<string>();
  records = new Map<string, Set<string>>();
  media = new Set<string>();
  pictures = new Set<string>();
  users = new Set<string>();

  constructor() {
    for (const [user, n] of [[ALICE, 'a'], [BOB, 'b']] as const) {
      this.keys.set(`key-${n}1`, { userId: user, isActive: true });
      this.keys.set(`key-${n}2`, { userId: user, isActive: false });
      this.plans.set(`key-${n}1`, 'elite');
      this.customers.set(user, { customerId: `cus_${n}`, email: `${n}@example.com`, deletedAt: null });
      this.subscriptionRows.set(`cus_${n}`, { userId: user });
      this.userSubscriptions.add(user);
      this.stripe.set(`sub_${n}`, { customerId: `cus_${n}`, status: 'active' });
      this.jobs.set(`job-${n}`, { userId: user });
      for (const id of [`stats#${user}#total`, `slots#${user}`, `rate#key-${n}1`, `jobmail#job-${n}`]) this.counters.add(id);
      for (const store of ['uploads', 'idempotencyKeys', 'requestLogs', 'callbackSecrets', 'profile', 'roles']) {
        if (!this.records.has(store)) this.records.set(store, new Set());
        this.records.get(store)?.add(user);
      }
      for (const key of [`inputs/${user}/job-${n}/in.mp4`, `outputs/${user}/job-${n}/out.mp4`, `uploads/${user}/upl/x.mp4`]) this.media.add(key);
      for (const key of [`${user}/1700000000000.jpg`, `incoming/${user}/9c1d`]) this.pictures.add(key);
      this.users.add(user);
    }
  }

  /** Everything the world holds about a user, as text. */
  traceOf(userId: string, customerId: string): string[] {
    const everything = JSON.stringify({
      keys: [...this.keys].filter(([, key]) => key.userId === userId),
      gatewayKeys: [...this.plans.keys()],
      customers: [...this.customers],
      subscriptionRows: [...this.subscriptionRows],
      userSubscriptions: [...this.userSubscriptions],
      jobs: [...this.jobs],
      counters: [...this.counters],
      records: [...this.records].map(([store, owners]) => [store, [...owners]]),
      media: [...this.media],
      pictures: [...this.pictures],
      users: [...this.users],
      liveSubscriptions: [...this.stripe].filter(([, s]) => s.customerId === customerId && s.status !== 'canceled'),
    });
    const [, suffix] = /^cus_(\w)$/.exec(customerId) ?? [];
    return [userId, `key-${suffix}1`, `key-${suffix}2`, `job-${suffix}`, customerId].filter((needle) => everything.includes(needle));
  }

  stores(): AccountStores {
    const log = <T>(name: string, value: T): T => {
      this.calls.push(name);
      return value;
    };
    const ownedBy = (userId: string) => [...this.keys].filter(([, key]) => key.userId === userId);
    const bucket = (name: string, set: Set<string>): FileStore => ({
      deleteUnder: async (prefix) => {
        log(`${name}:${prefix}`, undefined);
        for (const key of set) if (key.startsWith(prefix)) set.delete(key);
      },
    });
    const records = Object.fromEntries(
      [...this.records].map(([store, owners]): [string, OwnedRecords] => [
        store,
        {
          deleteAllOf: async (userId) => {
            owners.delete(userId);
            log(`records:${store}`, undefined);
          },
        },
      ]),
    );
    return {
      keys: {
        listAllByUser: async (userId) => ownedBy(userId).map(([id, key]) => ({ id, isActive: key.isActive })),
        revoke: async (id) => {
          const key = this.keys.get(id);
          if (!key?.isActive) return log(`revoke:${id}`, false);
          key.isActive = false;
          return log(`revoke:${id}`, true);
        },
        deleteAllOf: async (userId) => {
          log('keys:delete', ownedBy(userId).forEach(([id]) => this.keys.delete(id)));
        },
      },
      keyPlans: {
        place: async (id, tier) => void log(`plan:${id}`, this.plans.set(id, tier)),
        remove: async (id) => void log(`gateway-key:${id}`, this.plans.delete(id)),
      },
      billing: {
        customerIdOf: async (userId) => this.customers.get(userId)?.customerId,
        markCustomerDeleted: async (userId, at) => {
          const customer = this.customers.get(userId);
          if (customer) Object.assign(customer, { email: null, deletedAt: customer.deletedAt ?? at });
          log('billing:mark', undefined);
        },
        deleteSubscriptionsOf: async (userId) => {
          for (const [id, row] of this.subscriptionRows) if (row.userId === userId) this.subscriptionRows.delete(id);
          log('billing:subscriptions', this.userSubscriptions.delete(userId));
        },
        replaceCustomerWithMarker: async (userId) => {
          const customer = this.customers.get(userId);
          if (customer) this.markers.set(customer.customerId, { customerId: customer.customerId, deletedAt: customer.deletedAt ?? 'now' });
          log('billing:marker', this.customers.delete(userId));
        },
      },
      payments: {
        cancelSubscriptionsOf: async (customerId) => {
          for (const subscription of this.stripe.values()) if (subscription.customerId === customerId) subscription.status = 'canceled';
          log('payments:cancel', undefined);
        },
      },
      jobs: {
        idsOf: async (userId) => [...this.jobs].filter(([, job]) => job.userId === userId).map(([id]) => id),
        deleteAllOf: async (userId) => {
          for (const [id, job] of this.jobs) if (job.userId === userId) this.jobs.delete(id);
          log('jobs:delete', undefined);
        },
      },
      counters: {
        deleteAllOf: async (userId, related) => {
          for (const id of [`stats#${userId}#total`, `slots#${userId}`, ...related.apiKeyIds.map((k) => `rate#${k}`), ...related.jobIds.map((j) => `jobmail#${j}`)]) {
            this.counters.delete(id);
          }
          log('counters:delete', undefined);
        },
      },
      records,
      media: bucket('media', this.media),
      pictures: bucket('pictures', this.pictures),
      users: { deleteUser: async (userId) => void log('users:delete', this.users.delete(userId)) },
    };
  }
}

import type { KeyPlanMirror } from '../../api-keys/domain/key-plan-mirror';
import type { BillingProvider } from '../../billing/domain/billing';
import type { DeletionConfirmation } from '../../notifications/domain/account-deleted-notice';
import type { NoticeOutcome } from '../../notifications/domain/notice-delivery';

/** The user's API keys, revoked ones included: the rate windows are kept under their ids. */
export interface AccountKeys {
  listAllByUser(userId: string): Promise<{ id: string; isActive: boolean }[]>;
  /** Marks the key revoked; false when it was not active. */
  revoke(id: string, at: string): Promise<boolean>;
  deleteAllOf(userId: string): Promise<void>;
}

/** spec's stripe_customers, stripe_subscriptions and user_subscriptions rows of one user. */
export interface AccountBillingRecords {
  /** The customer id of the user's mapping, whether already marked deleted or not. */
  customerIdOf(userId: string): Promise<string | undefined>;
  /** Sets `deletedAt` and drops the e-mail: from then on the provider's late events leave the user's rows alone. */
  markCustomerDeleted(userId: string, at: string): Promise<void>;
  deleteSubscriptionsOf(userId: string): Promise<void>;
  /** Replaces the user's mapping with the marker that keeps only the customer id and `deletedAt` (for invoices). */
  replaceCustomerWithMarker(userId: string): Promise<void>;
}

/** Records found by their owner (a table, or its by-user index). */
export interface OwnedRecords {
  deleteAllOf(userId: string): Promise<void>;
}

/** The user's jobs: their ids name the once-only marks of their failure e-mails. */
export interface AccountJobs extends OwnedRecords {
  idsOf(userId: string): Promise<string[]>;
}

/** Counters and marks kept under ids computed from the user, their keys and their jobs. */
export interface AccountCounters {
  deleteAllOf(userId: string, related: { apiKeyIds: readonly string[]; jobIds: readonly string[] }): Promise<void>;
}

/** One bucket: every object whose key starts with the prefix goes. */
export interface FileStore {
  deleteUnder(prefix: string): Promise<void>;
}

/** The user pool. Deleting a user who is already gone is done, not an error. */
export interface AccountUsers {
  deleteUser(userId: string): Promise<void>;
}

export interface AccountStores {
  keys: AccountKeys;
  keyPlans: KeyPlanMirror;
  billing: AccountBillingRecords;
  payments: Pick<BillingProvider, 'cancelSubscriptionsOf'>;
  jobs: AccountJobs;
  counters: AccountCounters;
  /** Stores keyed or indexed by the user alone: uploads, idempotency keys, request logs, callback secret, profile, roles. */
  records: Readonly<Record<string, OwnedRecords>>;
  media: FileStore;
  pictures: FileStore;
  users: AccountUsers;
}

/** Where a user's files live (job inputs and outputs, uploads; pictures and their unconfirmed uploads). */
export const mediaPrefixesOf = (userId: string): string[] => [`inputs/${userId}/`, `outputs/${userId}/`, `uploads/${userId}/`];
export const picturePrefixesOf = (userId: string): string[] => [`${userId}/`, `incoming/${userId}/`];

/** Prepares the confirmation e-mail while the account exists; it is sent once the account is gone. */
export interface DeletionConfirmations {
  prepare(userId: string): Promise<DeletionConfirmation>;
}

/** What became of the confirmation e-mail; the deletion itself is done either way. */
export type DeletionResult = { confirmation: NoticeOutcome | 'none' } | { confirmation: 'failed'; error: unknown };

/** A Cognito `sub`: never empty and never anything that would widen a storage prefix. */
const USER_ID = /^[A-Za-z0-9-]{1,128}$/;

/**
 * Deletes everything a user owns (spec §2 Danger Zone). Every step tolerates
 * having been done already, so when an attempt fails half-way the next one
 * finishes the job. The order makes that safe: keys are refused and the
 * subscription is cancelled first; what other steps find things by (key ids,
 * job ids, the customer mapping) goes after those steps; the user pool entry
 * goes last, so the user can still sign in and retry until everything is gone.
 */
export class AccountDeletion {
  private readonly now: () => Date;
  private readonly confirmations: DeletionConfirmations | undefined;

  constructor(
    private readonly stores: AccountStores,
    { now = () => new Date(), confirmations }: { now?: () => Date; confirmations?: DeletionConfirmations } = {},
  ) {
    this.now = now;
    this.confirmations = confirmations;
  }

  async deleteAccount(userId: string): Promise<DeletionResult> {
    if (!USER_ID.test(userId)) throw new Error('An account is deleted by its Cognito sub.');
    const { stores } = this;
    const at = this.now().toISOString();
    // The address and time zone go with the account: read them first.
    const confirm = await this.confirmations?.prepare(userId);

    const keys = await stores.keys.listAllByUser(userId);
    for (const key of keys) if (key.isActive) await stores.keys.revoke(key.id, at);
    // Revoked keys too: an attempt may have stopped between the revocation and this.
    for (const key of keys) await stores.keyPlans.remove(key.id);

    const customerId = await stores.billing.customerIdOf(userId);
    if (customerId) {
      await stores.billing.markCustomerDeleted(userId, at);
      await stores.payments.cancelSubscriptionsOf(customerId);
    }

    const jobIds = await stores.jobs.idsOf(userId);
    await settleAll([
      ...mediaPrefixesOf(userId).map((prefix) => () => stores.media.deleteUnder(prefix)),
      ...picturePrefixesOf(userId).map((prefix) => () => stores.pictures.deleteUnder(prefix)),
      ...Object.values(stores.records).map((records) => () => records.deleteAllOf(userId)),
      () => stores.counters.deleteAllOf(userId, { apiKeyIds: keys.map((key) => key.id), jobIds }),
      () => stores.billing.deleteSubscriptionsOf(userId),
    ]);

    await settleAll([
      () => stores.jobs.deleteAllOf(userId),
      () => stores.keys.deleteAllOf(userId),
      () => stores.billing.replaceCustomerWithMarker(userId),
    ]);

    await stores.users.deleteUser(userId);
    if (!confirm) return { confirmation: 'none' };
    // Everything is gone: a mail server's failure must not make the deletion look failed.
    try {
      return { confirmation: await confirm() };
    } catch (error) {
      return { confirmation: 'failed', error };
    }
  }
}

/** Runs independent steps together; each one runs even when another fails, then the first failure is raised. */
async function settleAll(steps: readonly (() => Promise<void>)[]): Promise<void> {
  const outcomes = await Promise.allSettled(steps.map((step) => step()));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

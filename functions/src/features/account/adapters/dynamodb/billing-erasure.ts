import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables } from '../../../../kernel/contracts/resources';
import type { AccountBillingRecords } from '../../../account/domain/account-deletion';
import { LIVE_CUSTOMER, type BillingTableNames } from '../../../billing/adapters/dynamodb/billing-repository';
import { deleteByOwner, ownerIndexOf } from '../../../../kernel/adapters/dynamodb/owned-items';

/**
 * The key of a deleted account's customer marker. The table is keyed by
 * user, but the marker must not be found by the deleted user's id: it is
 * keyed by the customer instead, and holds nothing but the customer id and
 * `deletedAt` (the spec's deleted_at), so invoices can still be tied to a
 * customer that no longer has an account.
 */
export const customerMarkerKey = (customerId: string): string => `deleted#${customerId}`;

export interface CustomerMarker {
  userId: string;
  customerId: string;
  deletedAt: string;
}

/** An account's deletion on the billing tables; each call is safe to repeat. */
export class DynamoDbBillingErasure implements AccountBillingRecords {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly names: BillingTableNames,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async customerIdOf(userId: string): Promise<string | undefined> {
    const row = await this.customerRow(userId);
    return typeof row?.customerId === 'string' ? row.customerId : undefined;
  }

  async markCustomerDeleted(userId: string, at: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.names.customers,
          Key: { userId },
          UpdateExpression: 'SET deletedAt = :at REMOVE email',
          // Never creates a row (a mapping already replaced by its marker stays replaced), and keeps the first deletion's time.
          ConditionExpression: `attribute_exists(userId) AND ${LIVE_CUSTOMER}`,
          ExpressionAttributeValues: { ':at': at, ':null': 'NULL' },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async deleteSubscriptionsOf(userId: string): Promise<void> {
    await deleteByOwner(this.client, this.names.subscriptions, ownerIndexOf(tables.stripeSubscriptions), userId);
    await this.client.send(new DeleteCommand({ TableName: this.names.userSubscriptions, Key: { userId } }));
  }

  async replaceCustomerWithMarker(userId: string): Promise<void> {
    const row = await this.customerRow(userId);
    if (typeof row?.customerId !== 'string') return;
    const marker: CustomerMarker = {
      userId: customerMarkerKey(row.customerId),
      customerId: row.customerId,
      deletedAt: typeof row.deletedAt === 'string' ? row.deletedAt : this.now().toISOString(),
    };
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.names.customers, Item: marker } },
            { Delete: { TableName: this.names.customers, Key: { userId }, ConditionExpression: 'attribute_exists(userId)' } },
          ],
        }),
      );
    } catch (error) {
      // A racing attempt replaced it first: the outcome is the same.
      if ((error as Error).name !== 'TransactionCanceledException' || (await this.customerRow(userId))) throw error;
    }
  }

  private async customerRow(userId: string): Promise<Record<string, unknown> | undefined> {
    const out = await this.client.send(new GetCommand({ TableName: this.names.customers, Key: { userId }, ConsistentRead: true }));
    return out.Item;
  }
}

import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { tierSchema } from '../../../../kernel/contracts/plans';
import { tables } from '../../../../kernel/contracts/resources';
import type {
  BillingRepository,
  CustomerRecord,
  SubscriptionRecord,
  UserSubscriptionRecord,
} from '../../domain/billing';

export interface BillingTableNames {
  customers: string;
  subscriptions: string;
  userSubscriptions: string;
}

// Stored records are parsed on the way out: a row written by an older version fails loudly, not silently.
const customerSchema = z.object({
  userId: z.string(),
  customerId: z.string(),
  email: z.string().nullable().default(null),
  createdAt: z.string(),
  deletedAt: z.string().nullable().default(null),
});
const nullableText = z.string().nullable().default(null);
const nullableNumber = z.number().nullable().default(null);
const subscriptionSchema = z.object({
  customerId: z.string(),
  subscriptionId: z.string(),
  userId: z.string(),
  status: z.string(),
  itemId: nullableText,
  priceId: nullableText,
  tier: tierSchema.nullable().default(null),
  currentPeriodStart: nullableNumber,
  currentPeriodEnd: nullableNumber,
  cancelAtPeriodEnd: z.boolean(),
  paymentMethodBrand: nullableText,
  paymentMethodLast4: nullableText,
  readAt: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const userSubscriptionSchema = z.object({
  userId: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const [customerByCustomerId] = tables.stripeCustomers.globalIndexes;

/** A customer row whose account was not deleted: `deletedAt` absent or stored as null. */
export const LIVE_CUSTOMER = '(attribute_not_exists(deletedAt) OR attribute_type(deletedAt, :null))';
const [subscriptionByUser] = tables.stripeSubscriptions.globalIndexes;

export class DynamoDbBillingRepository implements BillingRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly names: BillingTableNames,
  ) {}

  async findCustomerByUser(userId: string): Promise<CustomerRecord | undefined> {
    const out = await this.client.send(
      new GetCommand({ TableName: this.names.customers, Key: { userId }, ConsistentRead: true }),
    );
    return out.Item ? customerSchema.parse(out.Item) : undefined;
  }

  async findCustomerById(customerId: string): Promise<CustomerRecord | undefined> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.names.customers,
        IndexName: customerByCustomerId.indexName,
        KeyConditionExpression: 'customerId = :c',
        ExpressionAttributeValues: { ':c': customerId },
      }),
    );
    // A deleted account's mapping (or its marker) is not a customer of ours any more: its late events change nothing.
    const item = out.Items?.find((candidate) => !candidate.deletedAt);
    return item ? customerSchema.parse(item) : undefined;
  }

  async putCustomerIfAbsent(record: CustomerRecord): Promise<CustomerRecord> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.names.customers,
          Item: record,
          ConditionExpression: 'attribute_not_exists(userId)',
        }),
      );
      return record;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      // Two checkouts raced: the first mapping wins, the other customer stays unused.
      const stored = await this.findCustomerByUser(record.userId);
      if (!stored) throw error;
      return stored;
    }
  }

  async findSubscriptionByUser(userId: string): Promise<SubscriptionRecord | undefined> {
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.names.subscriptions,
        IndexName: subscriptionByUser.indexName,
        KeyConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    );
    const rows = (out.Items ?? []).map((item) => subscriptionSchema.parse(item));
    return rows.sort((a, b) => b.readAt - a.readAt)[0];
  }

  async findSubscriptionByCustomer(customerId: string): Promise<SubscriptionRecord | undefined> {
    const out = await this.client.send(
      new GetCommand({ TableName: this.names.subscriptions, Key: { customerId }, ConsistentRead: true }),
    );
    return out.Item ? subscriptionSchema.parse(out.Item) : undefined;
  }

  async findUserSubscription(userId: string): Promise<UserSubscriptionRecord | undefined> {
    const out = await this.client.send(
      new GetCommand({ TableName: this.names.userSubscriptions, Key: { userId }, ConsistentRead: true }),
    );
    return out.Item ? userSubscriptionSchema.parse(out.Item) : undefined;
  }

  async saveSubscription(record: SubscriptionRecord, summary: UserSubscriptionRecord): Promise<'saved' | 'stale'> {
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.names.subscriptions,
                Item: record,
                // Two deliveries racing: the one that read Stripe later wins.
                ConditionExpression: 'attribute_not_exists(customerId) OR readAt <= :readAt',
                ExpressionAttributeValues: { ':readAt': record.readAt },
              },
            },
            { Put: { TableName: this.names.userSubscriptions, Item: summary } },
            {
              // Only while the account exists: a late event read before its deletion must not write its rows again.
              ConditionCheck: {
                TableName: this.names.customers,
                Key: { userId: record.userId },
                ConditionExpression: `attribute_exists(userId) AND ${LIVE_CUSTOMER}`,
                ExpressionAttributeValues: { ':null': 'NULL' },
              },
            },
          ],
        }),
      );
      return 'saved';
    } catch (error) {
      if (error instanceof TransactionCanceledException || (error as Error).name === 'TransactionCanceledException') {
        return 'stale';
      }
      throw error;
    }
  }
}

import { DynamoDbBillingRepository } from '../adapters/dynamodb/billing-repository';
import { DynamoDbRoleRepository } from '../adapters/dynamodb/role-repository';
import { SubscriptionLookup } from '../domain/subscription-lookup';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('TABLE_STRIPE_CUSTOMERS', 'TABLE_STRIPE_SUBSCRIPTIONS', 'TABLE_USER_SUBSCRIPTIONS', 'TABLE_USER_ROLES');

export const billingRepository = once(
  () =>
    new DynamoDbBillingRepository(documentClient(), {
      customers: env.TABLE_STRIPE_CUSTOMERS,
      subscriptions: env.TABLE_STRIPE_SUBSCRIPTIONS,
      userSubscriptions: env.TABLE_USER_SUBSCRIPTIONS,
    }),
);

export const subscriptionLookup = once(
  () => new SubscriptionLookup(billingRepository(), new DynamoDbRoleRepository(documentClient(), env.TABLE_USER_ROLES)),
);

import { DynamoDbBillingRepository } from '../../adapters/dynamodb/billing-repository';
import { DynamoDbRoleRepository } from '../../adapters/dynamodb/role-repository';
import { SubscriptionLookup } from '../../domain/billing/subscription-lookup';
import { config, documentClient, once } from './shared';

export const billingRepository = once(
  () =>
    new DynamoDbBillingRepository(documentClient(), {
      customers: config().TABLE_STRIPE_CUSTOMERS,
      subscriptions: config().TABLE_STRIPE_SUBSCRIPTIONS,
      userSubscriptions: config().TABLE_USER_SUBSCRIPTIONS,
    }),
);

export const subscriptionLookup = once(
  () => new SubscriptionLookup(billingRepository(), new DynamoDbRoleRepository(documentClient(), config().TABLE_USER_ROLES)),
);

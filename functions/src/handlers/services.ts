import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { ApiGatewayUsagePlanKeyMirror } from '../adapters/api-gateway/usage-plan-key-mirror';
import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { DynamoDbApiKeyRepository } from '../adapters/dynamodb/api-key-repository';
import { DynamoDbBillingRepository } from '../adapters/dynamodb/billing-repository';
import { DynamoDbJobRepository } from '../adapters/dynamodb/job-repository';
import { DynamoDbProcessedEventStore } from '../adapters/dynamodb/processed-event-store';
import { DynamoDbRoleRepository } from '../adapters/dynamodb/role-repository';
import { S3MediaStorage, createS3Client } from '../adapters/s3/media-storage';
import { resolveSecret } from '../adapters/secrets-manager/secret-value';
import { SqsMediaJobQueue, createSqsClient } from '../adapters/sqs/media-job-queue';
import { createStripeClient } from '../adapters/stripe/stripe-client';
import { StripeBillingProvider } from '../adapters/stripe/stripe-billing-provider';
import { loadConfig, type AppConfig } from '../config/env';
import type { PriceIds } from '../contracts/plans';
import { ApiKeyService } from '../domain/api-keys/api-key-service';
import { withoutUsagePlans, type KeyPlanMirror } from '../domain/api-keys/key-plan-mirror';
import { CheckoutService } from '../domain/billing/checkout-service';
import { SubscriptionLookup } from '../domain/billing/subscription-lookup';
import { WebhookService } from '../domain/billing/webhook-service';
import { JobService } from '../domain/jobs/job-service';

/**
 * The composition root shared by the handlers: clients and services are
 * built once per process (one Lambda container) and reused across requests.
 */
const once = <T>(build: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= build());
};

export const config = once((): AppConfig => loadConfig());
const documentClient = once(() => createDocumentClient(config().AWS_REGION));

const prices = (): PriceIds => ({
  basic: config().STRIPE_PRICE_BASIC,
  boost: config().STRIPE_PRICE_BOOST,
  elite: config().STRIPE_PRICE_ELITE,
});

/** API Gateway usage plans where they exist (AWS); the local gateway throttles by the authorizer's tier. */
const keyPlanMirror = once((): KeyPlanMirror => {
  const c = config();
  if (!c.USAGE_PLAN_BASIC || !c.USAGE_PLAN_BOOST || !c.USAGE_PLAN_ELITE) return withoutUsagePlans;
  return new ApiGatewayUsagePlanKeyMirror(new APIGatewayClient({ region: c.AWS_REGION }), {
    basic: c.USAGE_PLAN_BASIC,
    boost: c.USAGE_PLAN_BOOST,
    elite: c.USAGE_PLAN_ELITE,
  });
});

export const apiKeyService = once(
  () => new ApiKeyService(new DynamoDbApiKeyRepository(documentClient(), config().TABLE_API_KEYS), keyPlanMirror()),
);

const billingRepository = once(
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

/**
 * Stripe's secrets are read once per cold start (from Secrets Manager on
 * AWS), each only by the functions that use it: the portal never needs the
 * webhook signing secret.
 */
const stripeClient = once(async () => {
  const c = config();
  const secretKey = await resolveSecret(c.STRIPE_SECRET_KEY, c.STRIPE_SECRET_KEY_ARN, c.AWS_REGION);
  return createStripeClient({ secretKey, apiUrl: c.STRIPE_API_URL });
});
const webhookSecret = once(() =>
  resolveSecret(config().STRIPE_WEBHOOK_SECRET, config().STRIPE_WEBHOOK_SECRET_ARN, config().AWS_REGION),
);
const billingProvider = once(async () => new StripeBillingProvider(await stripeClient(), webhookSecret));

export const checkoutService = once(
  async () =>
    new CheckoutService(billingRepository(), await billingProvider(), subscriptionLookup(), {
      prices: prices(),
      portalUrl: config().PORTAL_URL,
    }),
);

export const webhookService = once(
  async () =>
    new WebhookService(
      billingRepository(),
      await billingProvider(),
      new DynamoDbProcessedEventStore(documentClient(), config().TABLE_WEBHOOK_EVENTS),
      prices(),
      (userId, entitlement) => apiKeyService().placeKeysOf(userId, entitlement),
    ),
);

export const jobService = once(() => {
  const c = config();
  return new JobService(
    new DynamoDbJobRepository(documentClient(), c.TABLE_JOBS),
    new SqsMediaJobQueue(createSqsClient(c.AWS_REGION), c.QUEUE_MEDIA_URL),
    new S3MediaStorage(createS3Client(c.AWS_REGION, c.S3_FORCE_PATH_STYLE), c.BUCKET_MEDIA),
  );
});

export const portalOrigin = (): string => new URL(config().PORTAL_URL).origin;

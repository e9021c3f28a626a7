import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ApiGatewayUsagePlanKeyMirror } from '../adapters/api-gateway/usage-plan-key-mirror';
import { createDocumentClient } from '../adapters/dynamodb/document-client';
import { DynamoDbApiKeyRepository } from '../adapters/dynamodb/api-key-repository';
import { DynamoDbBillingRepository } from '../adapters/dynamodb/billing-repository';
import { DynamoDbCallbackSecretStore } from '../adapters/dynamodb/callback-secret-store';
import { DynamoDbJobRepository } from '../adapters/dynamodb/job-repository';
import { DynamoDbProcessedEventStore } from '../adapters/dynamodb/processed-event-store';
import { DynamoDbRoleRepository } from '../adapters/dynamodb/role-repository';
import { S3MediaStorage, createS3Client } from '../adapters/s3/media-storage';
import { resolveSecret } from '../adapters/secrets-manager/secret-value';
import { createNotifications } from '../adapters/notifications';
import { createSealer } from '../adapters/sealing';
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
import type { CallbackSecrets } from '../domain/callbacks/callback-service';
import { JobService } from '../domain/jobs/job-service';
import { DynamoDbIdempotencyStore } from '../adapters/dynamodb/idempotency-store';
import { DynamoDbRateWindowStore } from '../adapters/dynamodb/rate-window-store';
import { DynamoDbUploadRepository } from '../adapters/dynamodb/upload-repository';
import { safeRequest } from '../adapters/http/safe-fetch';
import { checkUrl, UrlRefusedError } from '../adapters/http/url-policy';
import type { JobEndpointServices } from '../http/product/job-endpoint';
import type { KeyedServices } from '../http/product/keyed-endpoint';
import { DynamoDbRequestLogStore } from '../adapters/dynamodb/request-log-store';
import { DynamoDbProfileRepository } from '../adapters/dynamodb/profile-repository';
import { S3PictureStorage } from '../adapters/s3/picture-storage';
import { SharpImageProcessor } from '../adapters/sharp/sharp-image-processor';
import { PictureService } from '../domain/profiles/picture-service';
import { DynamoDbUsageCounters } from '../adapters/dynamodb/usage-counter-store';
import { RequestLogService } from '../domain/request-logs/request-log-service';
import { IdempotencyService } from '../domain/idempotency/idempotency';
import { InputResolver, type UrlPolicy } from '../domain/jobs/input-resolver';
import { RateLimiter } from '../domain/limits/rate-limit';
import { ValidationError } from '../domain/shared/errors';
import { UploadService } from '../domain/uploads/uploads';

import type { Sealer } from '../domain/shared/sealer';
import { createAccountStores } from '../adapters/account-stores';
import { AccountDeletion } from '../domain/account/account-deletion';

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
  () => new ApiKeyService(new DynamoDbApiKeyRepository(documentClient(), config().TABLE_API_KEYS), keyPlanMirror(), sealer()),
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

const mediaStorage = once(() => new S3MediaStorage(createS3Client(config().AWS_REGION, config().S3_FORCE_PATH_STYLE), config().BUCKET_MEDIA));

export const uploadService = once(() => new UploadService(new DynamoDbUploadRepository(documentClient(), config().TABLE_UPLOADS), mediaStorage()));

/** The fetcher's own rules, applied early so a bad URL is a 400 naming its field. */
export const urlPolicy = once(
  (): UrlPolicy => ({
    assertFetchable(url, param) {
      try {
        checkUrl(url, config().FETCH_ALLOW_HOSTS);
      } catch (error) {
        if (error instanceof UrlRefusedError) throw new ValidationError(error.message.replace(/^Error: /, ''), { param });
        throw error;
      }
    },
  }),
);

export const jobService = once(() => {
  const c = config();
  return new JobService(
    new DynamoDbJobRepository(documentClient(), c.TABLE_JOBS),
    new SqsMediaJobQueue(createSqsClient(c.AWS_REGION), c.QUEUE_MEDIA_URL),
    mediaStorage(),
    new InputResolver(mediaStorage(), uploadService(), urlPolicy()),
    sealer(),
  );
});

/** E-mail notices (usage alerts; job-failure e-mails are the worker's). */
export const notifications = once(() => createNotifications(documentClient(), config()));

/** Each counted request's standing goes to the usage alerts (80% of a window used: one e-mail a day at most). */
export const rateLimiter = once(
  () =>
    new RateLimiter(new DynamoDbRateWindowStore(documentClient(), config().TABLE_USAGE_COUNTERS), Date.now, (subject, window) =>
      notifications().usageAlerts.afterCounted(subject.userId, subject.tier, window),
    ),
);

export const idempotency = once(() => new IdempotencyService(new DynamoDbIdempotencyStore(documentClient(), config().TABLE_IDEMPOTENCY_KEYS)));

export const portalOrigin = (): string => new URL(config().PORTAL_URL).origin;

export const callbackSecrets = once(
  (): CallbackSecrets => new DynamoDbCallbackSecretStore(documentClient(), config().TABLE_CALLBACK_SECRETS),
);

/** Seals secrets at rest: with the KMS key on AWS, with the local key file on the local stack. */
export const sealer = once((): Sealer => createSealer(config()));

/** A plain-text script from a public URL (redub_tts `script_url`): small, quick, public addresses only. */
async function fetchScript(url: string, param: string): Promise<string> {
  urlPolicy().assertFetchable(url, param);
  try {
    const answer = await safeRequest(url, { maxBytes: 64 * 1024, timeoutMs: 10_000, allowHosts: config().FETCH_ALLOW_HOSTS });
    const text = answer.body.toString('utf8').trim();
    if (answer.status < 200 || answer.status > 299) throw new ValidationError(`${param} answered HTTP ${answer.status}.`, { param });
    if (!text) throw new ValidationError(`${param} answered an empty script.`, { param });
    return text.slice(0, 5000);
  } catch (error) {
    if (error instanceof UrlRefusedError) throw new ValidationError(error.message.replace(/^Error: /, ''), { param });
    throw error;
  }
}

export const requestLogs = once(
  () =>
    new RequestLogService(
      new DynamoDbRequestLogStore(documentClient(), config().TABLE_API_LOGS),
      new DynamoDbUsageCounters(documentClient(), config().TABLE_USAGE_COUNTERS),
    ),
);

/** What every keyed product chain uses. */
export const keyedServices: KeyedServices = { limiter: rateLimiter, keys: apiKeyService, logs: requestLogs };

/** What every processing endpoint's chain uses. */
export const jobEndpointServices: JobEndpointServices = { ...keyedServices, jobs: jobService, idempotency, fetchScript };

export const profiles = once(() => new DynamoDbProfileRepository(documentClient(), config().TABLE_USER_PROFILES));

export const pictureService = once(() => {
  const c = config();
  const storage = new S3PictureStorage(createS3Client(c.AWS_REGION, c.S3_FORCE_PATH_STYLE), {
    bucket: c.BUCKET_PROFILE_PICTURES,
    publicBaseUrl: c.PICTURES_BASE_URL,
    ...(c.PICTURES_UPLOAD_URL ? { uploadUrl: c.PICTURES_UPLOAD_URL } : {}),
  });
  return new PictureService(profiles(), storage, new SharpImageProcessor());
});

/** An account's deletion: every store of the user, Stripe through the portal's own provider. */
export const accountDeletion = once(async () => {
  const c = config();
  const stores = createAccountStores(c, {
    documentClient: documentClient(),
    s3: createS3Client(c.AWS_REGION, c.S3_FORCE_PATH_STYLE),
    cognito: new CognitoIdentityProviderClient({ region: c.AWS_REGION }),
    keyPlans: keyPlanMirror(),
    payments: await billingProvider(),
  });
  return new AccountDeletion(stores);
});

import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListBucketsCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type ListObjectsV2CommandOutput } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { createAccountStores, type AccountStoreConfig } from '@frameforge/functions/features/account/adapters/account-stores';
import { StripeBillingProvider } from '@frameforge/functions/features/billing/adapters/stripe/stripe-billing-provider';
import { subscriptionResponseSchema } from '@frameforge/functions/features/billing/contracts/billing';
import { withoutUsagePlans } from '@frameforge/functions/features/api-keys/domain/key-plan-mirror';
import type { AccountStores } from '@frameforge/functions/features/account/domain/account-deletion';
import { userIdOf } from '@frameforge/local-stack/admin-role';
import type { Endpoints } from '@frameforge/local-stack/stack';
import { confirmedUser, sandboxStripe, type TestUser } from '../support/billing';
import { eventually } from '../support/eventually';
import { cutForm, waitForTask } from '../support/product-user';
import { testServices } from '../support/services';

const services = testServices();
const region = 'us-east-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
export const dynamodb = new DynamoDBClient({ region, endpoint: services.dynamodb, credentials });
export const documents = DynamoDBDocumentClient.from(dynamodb);
export const s3 = new S3Client({ region, endpoint: services.s3, credentials, forcePathStyle: true });
export const cognito = new CognitoIdentityProviderClient({ region, endpoint: services.cognito, credentials });
const { tables, buckets } = services.resources;

const named = (names: Record<string, string>, envVar: string): string => {
  const name = names[envVar];
  if (!name) throw new Error(`The stack has no ${envVar}`);
  return name;
};
export const tableName = (envVar: string): string => named(tables, envVar);
export const bucketName = (envVar: string): string => named(buckets, envVar);

/** Everything a customer has after using the product for a while. */
export interface RichAccount extends TestUser {
  userId: string;
  key: string;
  keyId: string;
  customerId: string;
}

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * A user signed up through the inbox and subscribed to Elite, with a key, a
 * completed job (made with an Idempotency-Key), an upload, request logs and
 * counters, a callback secret, a profile, two picture objects (confirmed and
 * unconfirmed) and a role row.
 */
export async function richAccount(endpoints: Endpoints, video: Buffer): Promise<RichAccount> {
  const user = await confirmedUser(endpoints, 'erase');
  const userId = userIdOf(user.token);
  await user.client.subscribe(user.token, 'elite');
  const { key, apiKey } = await user.client.createApiKey(user.token, 'to be erased');
  const api = endpoints.productApi;
  const keyed = { 'X-API-Key': key };

  const cut = await ok(
    await fetch(`${api}/cut`, { method: 'POST', headers: { ...keyed, 'Idempotency-Key': randomUUID() }, body: cutForm({ start: '0', duration: '1' }, video) }),
    'POST /cut',
  );
  const { status_url: statusUrl } = (await cut.json()) as { status_url: string };
  expect((await waitForTask(api, key, statusUrl, 30_000)).status).toBe('completed');

  const created = await ok(
    await fetch(`${api}/uploads`, { method: 'POST', headers: { ...keyed, 'Content-Type': 'application/json' }, body: JSON.stringify({ file_name: 'later.mp4', content_type: 'video/mp4' }) }),
    'POST /uploads',
  );
  const ticket = (await created.json()) as { upload_url: string; method: string; headers: Record<string, string> };
  await ok(await fetch(ticket.upload_url, { method: ticket.method, headers: ticket.headers, body: new Uint8Array(video) }), 'upload PUT');

  const portal = (method: string, path: string, body?: unknown) =>
    fetch(`${endpoints.portalApi}${path}`, {
      method,
      headers: { Authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  await ok(await portal('GET', '/callback-secret'), 'GET /callback-secret');
  await ok(await portal('PUT', '/profile', { username: 'Soon Gone' }), 'PUT /profile');
  const subscription = subscriptionResponseSchema.parse(await (await ok(await portal('GET', '/subscription'), 'GET /subscription')).json());
  const customerId = subscription.subscription?.stripe_customer_id;
  if (!customerId) throw new Error('The subscribed user has no Stripe customer');

  const pictures = bucketName('BUCKET_PROFILE_PICTURES');
  await s3.send(new PutObjectCommand({ Bucket: pictures, Key: `${userId}/1700000000000.jpg`, Body: 'jpeg', ContentType: 'image/jpeg' }));
  await s3.send(new PutObjectCommand({ Bucket: pictures, Key: `incoming/${userId}/${randomUUID()}`, Body: 'raw' }));
  await documents.send(new PutCommand({ TableName: tableName('TABLE_USER_ROLES'), Item: { userId, role: 'tester', createdAt: new Date().toISOString() } }));
  return { ...user, userId, key, keyId: apiKey.id, customerId };
}

/** Every table item (as JSON) and every object key of the stack that contains one of the needles. */
export async function tracesOf(needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const hit = (where: string, text: string) => {
    if (needles.some((needle) => text.includes(needle))) found.push(`${where}: ${text}`);
  };
  for (const table of (await dynamodb.send(new ListTablesCommand({}))).TableNames ?? []) {
    let start: ScanCommandOutput['LastEvaluatedKey'];
    do {
      const page: ScanCommandOutput = await documents.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) hit(table, JSON.stringify(item));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  for (const bucket of (await s3.send(new ListBucketsCommand({}))).Buckets ?? []) {
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await s3.send(new ListObjectsV2Command({ Bucket: bucket.Name, ContinuationToken: token }));
      for (const object of page.Contents ?? []) hit(bucket.Name ?? '', object.Key ?? '');
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return found;
}

/** Whether the user pool still has a user with this sub. */
export async function poolHasUser(userId: string): Promise<boolean> {
  const out = await cognito.send(new ListUsersCommand({ UserPoolId: services.resources.userPoolId, Filter: `sub = "${userId}"` }));
  return (out.Users ?? []).length > 0;
}

/** The stack's stores, reached from the test process as the delete-account function reaches them. */
export function accountStores(endpoints: Endpoints): AccountStores {
  const names = Object.fromEntries(
    [
      'TABLE_API_KEYS', 'TABLE_JOBS', 'TABLE_STRIPE_CUSTOMERS', 'TABLE_STRIPE_SUBSCRIPTIONS', 'TABLE_USER_SUBSCRIPTIONS', 'TABLE_USER_ROLES', 'TABLE_UPLOADS',
      'TABLE_API_LOGS', 'TABLE_IDEMPOTENCY_KEYS', 'TABLE_USAGE_COUNTERS', 'TABLE_CALLBACK_SECRETS', 'TABLE_USER_PROFILES',
    ].map((envVar) => [envVar, tableName(envVar)]),
  );
  const config = { ...names, BUCKET_MEDIA: bucketName('BUCKET_MEDIA'), BUCKET_PROFILE_PICTURES: bucketName('BUCKET_PROFILE_PICTURES'), USER_POOL_ID: services.resources.userPoolId } as AccountStoreConfig;
  return createAccountStores(config, {
    documentClient: documents,
    s3,
    cognito,
    // The local gateway throttles by the authorizer's tier: there are no usage plans to leave.
    keyPlans: withoutUsagePlans,
    payments: new StripeBillingProvider(sandboxStripe(endpoints), () => Promise.reject(new Error('no webhook secret here'))),
  });
}

/** Waits until the stack's webhook has taken the cancellation event of this customer (it must change nothing). */
export async function cancellationProcessed(endpoints: Endpoints, customerId: string, timeoutMs = 20_000): Promise<void> {
  const stripe = sandboxStripe(endpoints);
  await eventually(
    async () => {
      const events = await stripe.events.list({ type: 'customer.subscription.deleted', limit: 100 });
      const event = events.data.find((e) => (e.data.object as { customer?: string }).customer === customerId);
      return event && (await documents.send(new GetCommand({ TableName: tableName('TABLE_WEBHOOK_EVENTS'), Key: { eventId: event.id } }))).Item;
    },
    { timeoutMs, intervalMs: 250, what: `the cancellation of ${customerId} to reach the webhook` },
  );
}

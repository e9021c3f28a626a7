import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';
import { apiKeyModeSchema, type ApiKeyMode } from '../contracts/key-modes';
import { tierSchema, type Tier } from '../contracts/plans';
import { AuthenticationError } from '../domain/errors';

/** Case-insensitive header look-up (API Gateway keeps the client's casing). */
export function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

export function rawBody(event: APIGatewayProxyEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * The product API's public base URL, when configuration names it (a custom
 * domain, the local stack); read once.
 */
let configuredBase: string | null | undefined;
function configuredBaseUrl(): string | null {
  configuredBase ??= z.string().url().optional().parse(process.env.PRODUCT_API_URL || undefined)?.replace(/\/+$/, '') ?? null;
  return configuredBase;
}

/**
 * Public base URL of the API, for absolute links: the configured one, else the
 * domain API Gateway names in the request context. Never the Host header, which
 * is client input: a forged one must not end up in a link.
 */
export function baseUrl(event: APIGatewayProxyEvent): string {
  const configured = configuredBaseUrl();
  if (configured) return configured;
  const host = event.requestContext.domainName ?? 'localhost';
  const stage = event.requestContext.stage;
  // A default execute-api host carries the stage in its path; a custom domain does not.
  const withStage = host.includes('.execute-api.') && stage && stage !== '$default' ? `/${stage}` : '';
  return `https://${host}${withStage}`;
}

/** The user id that the portal's Cognito authorizer verified. */
export function cognitoUserId(event: APIGatewayProxyEvent): { userId: string; email: string | undefined } {
  const claims = event.requestContext.authorizer?.claims as Record<string, string> | undefined;
  if (!claims?.sub) throw new AuthenticationError('User not authenticated');
  return { userId: claims.sub, email: claims.email };
}

/** The caller that the product API's key authorizer resolved. */
export function apiKeyPrincipal(event: APIGatewayProxyEvent): {
  userId: string;
  apiKeyId: string;
  tier: Tier;
  subscriptionStatus: string;
  mode: ApiKeyMode;
} {
  const context = event.requestContext.authorizer as Record<string, unknown> | null | undefined;
  const userId = context?.userId;
  const apiKeyId = context?.apiKeyId;
  const tier = tierSchema.safeParse(context?.tier);
  const subscriptionStatus = context?.subscriptionStatus;
  // An answer cached from before keys had modes names none: such a key is live.
  const mode = apiKeyModeSchema.safeParse(context?.keyMode ?? 'live');
  if (typeof userId !== 'string' || typeof apiKeyId !== 'string' || !tier.success || typeof subscriptionStatus !== 'string' || !mode.success) {
    throw new AuthenticationError('Missing API key.', { param: 'X-API-Key' });
  }
  return { userId, apiKeyId, tier: tier.data, subscriptionStatus, mode: mode.data };
}

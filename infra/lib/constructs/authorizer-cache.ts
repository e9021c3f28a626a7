import { Duration } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { AUTHORIZER_CACHE_DEFAULT_SECONDS, authorizerCacheSecondsSchema } from '@frameforge/functions/features/api-keys/contracts/authorizer-cache';

/**
 * The `authorizerCacheSeconds` context value (`-c authorizerCacheSeconds=N`
 * gives text, cdk.json a number), checked at synthesis by the same rule as
 * the local stack's `AUTHORIZER_CACHE_SECONDS`. 60 s when absent.
 */
export function authorizerCacheTtl(node: Node): Duration {
  const value: unknown = node.tryGetContext('authorizerCacheSeconds');
  if (value === undefined || value === '') return Duration.seconds(AUTHORIZER_CACHE_DEFAULT_SECONDS);
  const parsed = authorizerCacheSecondsSchema.safeParse(typeof value === 'number' ? String(value) : value);
  if (!parsed.success) {
    throw new Error(`Context authorizerCacheSeconds ${parsed.error.issues[0]?.message ?? 'is invalid'}, got ${JSON.stringify(value)}`);
  }
  return Duration.seconds(parsed.data);
}

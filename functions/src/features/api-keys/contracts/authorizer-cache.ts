import * as z from 'zod';

/** API Gateway's default `resultsCacheTtl` for a REQUEST authorizer, kept by the deployed and the local stack alike. */
export const AUTHORIZER_CACHE_DEFAULT_SECONDS = 60;
/** API Gateway's ceiling for an authorizer's cache; 0 turns the cache off. */
export const AUTHORIZER_CACHE_MAX_SECONDS = 3600;

/**
 * How long the product API keeps the API key authorizer's answer for one key:
 * the CDK context `authorizerCacheSeconds` on AWS, `AUTHORIZER_CACHE_SECONDS`
 * for the local stack. Whole seconds, as text (an environment variable or `-c key=value`).
 */
export const authorizerCacheSecondsSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, 'must be a whole number of seconds')
  .transform(Number)
  .pipe(z.number().max(AUTHORIZER_CACHE_MAX_SECONDS, `must be at most ${AUTHORIZER_CACHE_MAX_SECONDS} seconds`));

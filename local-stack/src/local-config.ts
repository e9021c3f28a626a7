import * as z from 'zod';
import { AUTHORIZER_CACHE_DEFAULT_SECONDS, authorizerCacheSecondsSchema } from '@frameforge/functions/features/api-keys/contracts/authorizer-cache';

/**
 * The local stack's own settings, from its environment. The deployed stack
 * takes the same values from the CDK context (`infra/README.md`).
 */
const localConfigSchema = z.object({
  /**
   * How long the local gateway keeps the API key authorizer's answer for a
   * key, as API Gateway does for `resultsCacheTtl`. The test stack shortens
   * it so a change of plan or a revoked key shows within a second.
   */
  AUTHORIZER_CACHE_SECONDS: authorizerCacheSecondsSchema.default(AUTHORIZER_CACHE_DEFAULT_SECONDS),
});
export type LocalConfig = z.infer<typeof localConfigSchema>;

/** Reads and checks the settings once at start; a bad value stops the stack with the variable's name. */
export function parseLocalConfig(env: Record<string, string | undefined>): LocalConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = localConfigSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
    throw new Error(`Invalid local stack configuration: ${problems}`);
  }
  return parsed.data;
}

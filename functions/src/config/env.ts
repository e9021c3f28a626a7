import { z } from 'zod';

/**
 * Configuration, parsed once per process and failing fast. Endpoints of the
 * AWS services come from the SDK's own `AWS_ENDPOINT_URL_*` variables, so
 * the same code talks to AWS or to the local emulators.
 */
const schema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_API_KEYS: z.string().min(1),
  TABLE_JOBS: z.string().min(1),
  BUCKET_MEDIA: z.string().min(1),
  QUEUE_MEDIA_URL: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Token issuer; its JWKS is at `${COGNITO_ISSUER}/.well-known/jwks.json`. */
  COGNITO_ISSUER: z.string().url(),
  PORTAL_URL: z.string().url(),
  PORTAL_API_URL: z.string().url(),
  /** Path-style S3 addressing, needed by emulators without virtual hosts. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type AppConfig = z.infer<typeof schema>;

let cached: AppConfig | undefined;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (cached && env === process.env) return cached;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  if (env === process.env) cached = parsed.data;
  return parsed.data;
}

import * as z from 'zod';
import { VOICE_PROVIDERS } from '../../features/jobs/contracts/voices';

/**
 * Configuration, parsed once per process and failing fast. Endpoints of the
 * AWS services come from the SDK's own `AWS_ENDPOINT_URL_*` variables, so
 * the same code talks to AWS or to the local emulators.
 */
const optionalText = z.string().min(1).optional();

/**
 * Where the master key that seals secrets at rest lives: a KMS key (AWS) or
 * a key file (the local stack). Exactly one is set; the worker reads the same.
 */
export const sealingConfigSchema = z.object({
  SEALING_KMS_KEY_ID: optionalText,
  SEALING_KEY_FILE: optionalText,
});
export type SealingConfig = z.infer<typeof sealingConfigSchema>;

export const hasOneSealingKey = (c: SealingConfig): boolean => Boolean(c.SEALING_KMS_KEY_ID) !== Boolean(c.SEALING_KEY_FILE);
export const oneSealingKeyIssue = { path: ['SEALING_KMS_KEY_ID'], message: 'set exactly one of SEALING_KMS_KEY_ID and SEALING_KEY_FILE' };

/**
 * How notices are e-mailed, shared by the API and the worker: through the
 * SMTP server at SMTP_URL when set (the local inbox), else through SES, from
 * EMAIL_FROM (on AWS a verified SES identity).
 */
export const emailConfigSchema = z.object({
  EMAIL_FROM: z.string().min(3).default('FrameForge <no-reply@frameforge.local>'),
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

/** Each variable on its own, before the rules across them; the worker picks the ones it shares from here. */
export const appConfigFields = z.object({
  ...sealingConfigSchema.shape,
  ...emailConfigSchema.shape,
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_API_KEYS: z.string().min(1),
  TABLE_JOBS: z.string().min(1),
  TABLE_STRIPE_CUSTOMERS: z.string().min(1),
  TABLE_STRIPE_SUBSCRIPTIONS: z.string().min(1),
  TABLE_USER_SUBSCRIPTIONS: z.string().min(1),
  TABLE_USER_ROLES: z.string().min(1),
  TABLE_WEBHOOK_EVENTS: z.string().min(1),
  TABLE_UPLOADS: z.string().min(1),
  TABLE_API_LOGS: z.string().min(1),
  TABLE_USER_PROFILES: z.string().min(1),
  TABLE_IDEMPOTENCY_KEYS: z.string().min(1),
  TABLE_USAGE_COUNTERS: z.string().min(1),
  TABLE_CALLBACK_SECRETS: z.string().min(1),
  /**
   * `host:port` entries the URL fetcher may reach although they are internal:
   * the test stack's fixture server only. Empty (the default) everywhere else.
   */
  FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /**
   * Stripe's secret key and webhook signing secret: given as values (the local
   * sandbox) or as Secrets Manager ARNs read at cold start (AWS).
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_SECRET_KEY_ARN: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_WEBHOOK_SECRET_ARN: optionalText,
  /** Where the Stripe API answers, when not Stripe's own host (the local billing sandbox). */
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_PRICE_BASIC: z.string().min(1),
  STRIPE_PRICE_BOOST: z.string().min(1),
  STRIPE_PRICE_ELITE: z.string().min(1),
  /** API Gateway usage plans that mirror each tier's keys, and every test key; unset where no API Gateway runs. */
  USAGE_PLAN_BASIC: optionalText,
  USAGE_PLAN_BOOST: optionalText,
  USAGE_PLAN_ELITE: optionalText,
  USAGE_PLAN_TEST: optionalText,
  /** The owner tag's value on the gateway keys this stack makes (its name): what their deletion is granted on. */
  GATEWAY_KEY_OWNER: optionalText,
  BUCKET_MEDIA: z.string().min(1),
  BUCKET_PROFILE_PICTURES: z.string().min(1),
  /** Where profile pictures are served from (the CDN's path on AWS, the portal's same-origin path locally). */
  PICTURES_BASE_URL: z.string().url(),
  /** Where the browser posts picture uploads when not straight to the bucket (the local same-origin path). */
  PICTURES_UPLOAD_URL: z.string().url().optional(),
  QUEUE_MEDIA_URL: z.string().min(1),
  /** Callback deliveries: the worker consumes them; the portal queues a resend. */
  QUEUE_CALLBACKS_URL: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Token issuer; its JWKS is at `${COGNITO_ISSUER}/.well-known/jwks.json`. */
  COGNITO_ISSUER: z.string().url(),
  PORTAL_URL: z.string().url(),
  PORTAL_API_URL: z.string().url(),
  /**
   * The worker's voice engine, set from the same value for both (the CDK's
   * constant on AWS, `local` in the local stack): the API accepts only the
   * voice requests that engine can run. No default, so a stack that forgot
   * it fails at start rather than accepting jobs that fail later.
   */
  VOICE_PROVIDER: z.enum(VOICE_PROVIDERS),
  /** Path-style S3 addressing, needed by emulators without virtual hosts. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** Every variable a function may read; each reads only those its wiring names (`loadConfigOf`). */
export type AppConfig = z.infer<typeof appConfigFields>;
export type ConfigName = keyof AppConfig;

/**
 * The named variables only, with their defaults: what one function reads.
 * Fails naming every one that is missing or invalid.
 */
export function loadConfigOf<K extends ConfigName>(names: readonly K[], env: NodeJS.ProcessEnv = process.env): Pick<AppConfig, K> {
  const shape = appConfigFields.shape;
  const parsed = z.object(Object.fromEntries(names.map((name) => [name, shape[name]]))).safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  // The object was built from exactly these fields of the schema, so its output is their slice of AppConfig.
  return parsed.data as unknown as Pick<AppConfig, K>;
}

/** A secret given either as a value (the local sandbox) or as a Secrets Manager ARN (AWS): one must be set. */
export function assertOneSource(value: string | undefined, arn: string | undefined, name: string): void {
  if (!value && !arn) throw new Error(`Invalid configuration: ${name}`);
}

import * as z from 'zod';
import { accountConfigFields } from '../../features/account/config';
import { apiKeysConfigFields } from '../../features/api-keys/config';
import { billingConfigFields } from '../../features/billing/config';
import { callbacksConfigFields } from '../../features/callbacks/config';
import { jobsConfigFields } from '../../features/jobs/config';
import { emailConfigSchema } from '../../features/notifications/config';
import { profilesConfigFields } from '../../features/profiles/config';
import { requestLogsConfigFields } from '../../features/request-logs/config';
import { uploadsConfigFields } from '../../features/uploads/config';
import { parseConfig } from './parse-config';

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
 * Each variable on its own, before the rules across them: the kernel's, and
 * each feature's from its own room's `config.ts`. Every function reads only
 * the ones its wiring names; the worker picks the ones it shares from here.
 */
export const appConfigFields = z.object({
  ...sealingConfigSchema.shape,
  AWS_REGION: z.string().min(1).default('us-east-1'),
  PORTAL_URL: z.string().url(),
  PORTAL_API_URL: z.string().url(),
  /** Path-style S3 addressing, needed by emulators without virtual hosts. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ...emailConfigSchema.shape,
  ...accountConfigFields,
  ...apiKeysConfigFields,
  ...billingConfigFields,
  ...callbacksConfigFields,
  ...jobsConfigFields,
  ...profilesConfigFields,
  ...requestLogsConfigFields,
  ...uploadsConfigFields,
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
  const parsed = parseConfig(z.object(Object.fromEntries(names.map((name) => [name, shape[name]]))), env);
  // The object was built from exactly these fields of the schema, so its output is their slice of AppConfig.
  return parsed as unknown as Pick<AppConfig, K>;
}

/** A secret given either as a value (the local sandbox) or as a Secrets Manager ARN (AWS): one must be set. */
export function assertOneSource(value: string | undefined, arn: string | undefined, name: string): void {
  if (!value && !arn) throw new Error(`Invalid configuration: ${name}`);
}

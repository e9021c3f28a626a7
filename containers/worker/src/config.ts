import { tmpdir } from 'node:os';
import { z } from 'zod';
import { emailConfigSchema, hasOneSealingKey, oneSealingKeyIssue, sealingConfigSchema } from '@frameforge/functions/config/env';
import { queues } from '@frameforge/functions/contracts/resources';

/**
 * `production` in the worker image. Unset engine choices then default to the
 * real engines, so an image started without them never answers a paying
 * caller with the local stand-ins; elsewhere (`npm start`, tests) they
 * default to the stand-ins, which need nothing but ffmpeg.
 */
export const runtimeSchema = z.object({ NODE_ENV: z.string().optional() });
export const inProduction = (config: z.infer<typeof runtimeSchema>): boolean => config.NODE_ENV === 'production';

/** Which voice and separation engines the worker uses; `local` needs nothing but ffmpeg. */
export const providerConfigSchema = runtimeSchema.extend({
  VOICE_PROVIDER: z.enum(['local', 'elevenlabs']).optional(),
  ELEVENLABS_BASE_URL: z.string().url().default('https://api.elevenlabs.io'),
  SEPARATION_PROVIDER: z.enum(['local', 'demucs']).optional(),
  DEMUCS_BIN: z.string().min(1).default('demucs'),
  DEMUCS_MODEL: z.string().regex(/^[a-z0-9_]+$/).default('htdemucs'),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

export const voiceProviderOf = (config: ProviderConfig): 'local' | 'elevenlabs' =>
  config.VOICE_PROVIDER ?? (inProduction(config) ? 'elevenlabs' : 'local');
export const separationProviderOf = (config: ProviderConfig): 'local' | 'demucs' =>
  config.SEPARATION_PROVIDER ?? (inProduction(config) ? 'demucs' : 'local');

const schema = providerConfigSchema.extend({
  /** The key that opens the secrets a job carries sealed: as the API's, exactly one of the two. */
  ...sealingConfigSchema.shape,
  /** Usage alerts and job-failure e-mails, sent as the API sends them. */
  ...emailConfigSchema.shape,
  /** The users' preferences: whether they want those e-mails. */
  TABLE_USER_PROFILES: z.string().min(1),
  /** The user pool: each user's address. */
  USER_POOL_ID: z.string().min(1),
  /** The portal, for the links in the e-mails. */
  PORTAL_URL: z.string().url(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_JOBS: z.string().min(1),
  /** The request logs: an ended job's outcome goes on the rows of the requests that made it. */
  TABLE_API_LOGS: z.string().min(1),
  /** Running-job slots per user (the concurrency cap of each plan), and the once-only marks of the e-mails. */
  TABLE_USAGE_COUNTERS: z.string().min(1),
  BUCKET_MEDIA: z.string().min(1),
  QUEUE_MEDIA_URL: z.string().min(1),
  QUEUE_MEDIA_DLQ_URL: z.string().min(1),
  /** Where each `callback_url` delivery try is queued and read from. */
  QUEUE_CALLBACKS_URL: z.string().min(1),
  /** The per-user secrets that sign callback deliveries. */
  TABLE_CALLBACK_SECRETS: z.string().min(1),
  /** `host:port` entries the fetcher may reach although they are internal (local receivers and test servers), comma-separated. */
  FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((entry) => entry.trim()).filter(Boolean)),
  /** Wait after a callback's first failed try; each later one waits three times longer, up to 15 minutes. */
  CALLBACK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(900).default(30),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WORK_DIR: z.string().default(tmpdir()),
  /** Jobs one worker runs at once; ffmpeg itself uses every core. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** How long a received job stays hidden from other workers; renewed every third of it while it runs. */
  WORKER_VISIBILITY_SECONDS: z.coerce.number().int().min(6).max(43_200).default(queues.media.visibilityTimeoutSeconds),
  /** On SIGTERM, how long running jobs may take to finish before they are handed back (below ECS stopTimeout). */
  WORKER_STOP_WINDOW_SECONDS: z.coerce.number().min(0).max(110).default(20),
  /** Set by the ECS agent in every task container; absent locally, where no task needs protecting. */
  ECS_AGENT_URI: z.string().url().optional(),
  /** How long one scale-in protection call holds; renewed every third of it while a job runs. */
  WORKER_PROTECTION_MINUTES: z.coerce.number().int().min(1).max(2880).default(60),
  /** Base delay before a job that failed on our side is tried again; it grows with each try. */
  WORKER_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(900).default(10),
}).refine(hasOneSealingKey, oneSealingKeyIssue);

export type WorkerConfig = z.infer<typeof schema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid worker configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  return parsed.data;
}

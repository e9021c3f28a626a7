import { tmpdir } from 'node:os';
import * as z from 'zod';
import { appConfigFields, hasOneSealingKey, oneSealingKeyIssue } from '@frameforge/functions/jobs';
import { queues } from '@frameforge/functions/kernel/contracts/resources';
import { VOICE_PROVIDERS, type VoiceProviderName } from '@frameforge/functions/features/jobs/contracts/voices';
import { WORKER_STOP_WINDOW_SECONDS } from '@frameforge/functions/features/jobs/contracts/worker-lifecycle';

/**
 * `production` in the worker image. Unset engine choices then default to the
 * real engines, so an image started without them never answers a paying
 * caller with the local stand-ins; elsewhere (`npm start`, tests) they
 * default to the stand-ins, which need nothing but ffmpeg.
 */
export const runtimeSchema = z.object({ NODE_ENV: z.string().optional() });
export const inProduction = (config: z.infer<typeof runtimeSchema>): boolean => config.NODE_ENV === 'production';

/** Which recogniser the worker uses: `pocketsphinx` needs only Debian packages, `whisper` is the production image's. */
export const speechToTextConfigSchema = runtimeSchema.extend({
  STT_PROVIDER: z.enum(['pocketsphinx', 'whisper']).optional(),
  WHISPER_BIN: z.string().min(1).default('whisper'),
  WHISPER_MODEL: z.string().regex(/^[a-z0-9._-]+$/).default('small'),
  WHISPER_MODEL_DIR: z.string().min(1).optional(),
  WHISPER_VAD_FLAG: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type SpeechToTextConfig = z.infer<typeof speechToTextConfigSchema>;

/** Which voice, separation and speech engines the worker uses; `local` needs nothing but ffmpeg. */
export const providerConfigSchema = speechToTextConfigSchema.extend({
  /** The API's own VOICE_PROVIDER: the deployed stack and the local one set both from one value. */
  VOICE_PROVIDER: z.enum(VOICE_PROVIDERS).optional(),
  ELEVENLABS_BASE_URL: z.string().url().default('https://api.elevenlabs.io'),
  SEPARATION_PROVIDER: z.enum(['local', 'demucs']).optional(),
  DEMUCS_BIN: z.string().min(1).default('demucs'),
  DEMUCS_MODEL: z.string().regex(/^[a-z0-9_]+$/).default('htdemucs'),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** How the worker stops and shows it is alive; the stop window is what the task's stopTimeout leaves. */
export const lifecycleConfigSchema = z.object({
  /** On SIGTERM, how long running jobs may take to finish before they are handed back (shorter locally). */
  WORKER_STOP_WINDOW_SECONDS: z.coerce.number().min(0).max(WORKER_STOP_WINDOW_SECONDS).default(WORKER_STOP_WINDOW_SECONDS),
  /** Touched at every turn of the job loop; the container's health check reads its age. Unset: no heartbeat (the local stack). */
  WORKER_HEARTBEAT_FILE: z.string().min(1).optional(),
});

export const voiceProviderOf = (config: ProviderConfig): VoiceProviderName =>
  config.VOICE_PROVIDER ?? (inProduction(config) ? 'elevenlabs' : 'local');
export const separationProviderOf = (config: ProviderConfig): 'local' | 'demucs' =>
  config.SEPARATION_PROVIDER ?? (inProduction(config) ? 'demucs' : 'local');

/**
 * What the worker shares with the API is parsed by the API's own rules:
 * the sealing key (exactly one of the two, as the API's), the e-mail sender,
 * the tables it reads and writes (jobs; usage counters, for running-job
 * slots and once-only e-mail marks;
 * user profiles, for e-mail preferences; callback secrets), the user pool
 * (each user's address), the portal (links in e-mails), the media bucket and
 * queue, and the fetcher's allowed internal hosts.
 */
const sharedWithApi = appConfigFields.pick({
  SEALING_KMS_KEY_ID: true,
  SEALING_KEY_FILE: true,
  EMAIL_FROM: true,
  SMTP_URL: true,
  AWS_REGION: true,
  TABLE_JOBS: true,
  TABLE_USAGE_COUNTERS: true,
  TABLE_USER_PROFILES: true,
  TABLE_CALLBACK_SECRETS: true,
  USER_POOL_ID: true,
  PORTAL_URL: true,
  BUCKET_MEDIA: true,
  QUEUE_MEDIA_URL: true,
  FETCH_ALLOW_HOSTS: true,
  S3_FORCE_PATH_STYLE: true,
});

/** The worker's own variables: its engines, its queues and how it runs jobs. */
const schema = sharedWithApi.extend({
  ...providerConfigSchema.shape,
  QUEUE_MEDIA_DLQ_URL: z.string().min(1),
  /** Where each `callback_url` delivery try is queued and read from. */
  QUEUE_CALLBACKS_URL: z.string().min(1),
  /** Wait after a callback's first failed try; each later one waits three times longer, up to 15 minutes. */
  CALLBACK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(900).default(30),
  /**
   * Where a copy of every signed callback try is also POSTed: the local
   * stack's callback tap, which forwards them to a developer's own machine.
   * Unset on AWS, where no copy is made.
   */
  CALLBACK_MIRROR_URL: z.string().url().optional(),
  WORK_DIR: z.string().default(tmpdir()),
  /** Jobs one worker runs at once; ffmpeg itself uses every core. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** How long a received job stays hidden from other workers; renewed every third of it while it runs. */
  WORKER_VISIBILITY_SECONDS: z.coerce.number().int().min(6).max(43_200).default(queues.media.visibilityTimeoutSeconds),
  /** How long each receive waits for a message: SQS's longest by default; short for workers that come and go in tests. */
  WORKER_RECEIVE_WAIT_SECONDS: z.coerce.number().int().min(0).max(20).default(20),
  ...lifecycleConfigSchema.shape,
  /** Set by the ECS agent in every task container; absent locally, where no task needs protecting. */
  ECS_AGENT_URI: z.string().url().optional(),
  /** How long one scale-in protection call holds; renewed every third of it while a job runs. */
  WORKER_PROTECTION_MINUTES: z.coerce.number().int().min(1).max(2880).default(60),
  /** Outputs go up in parts of this many MiB (S3: at least 5), this many at once: part × parts of memory per job. */
  WORKER_UPLOAD_PART_MIB: z.coerce.number().int().min(5).max(512).default(16),
  WORKER_UPLOAD_QUEUE_SIZE: z.coerce.number().int().min(1).max(16).default(4),
  /** Outputs up to this many MiB are read into memory once to be stored (ffmpeg has ended: its memory is free); 0 streams every one. */
  WORKER_UPLOAD_IN_MEMORY_MIB: z.coerce.number().int().min(0).max(1024).default(256),
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

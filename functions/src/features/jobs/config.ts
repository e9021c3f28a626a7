import * as z from 'zod';
import { VOICE_PROVIDERS } from './contracts/voices';

/** The variables of the jobs room: where jobs are recorded, queued and stored, and what they may fetch. */
export const jobsConfigFields = {
  TABLE_JOBS: z.string().min(1),
  TABLE_IDEMPOTENCY_KEYS: z.string().min(1),
  BUCKET_MEDIA: z.string().min(1),
  QUEUE_MEDIA_URL: z.string().min(1),
  /**
   * `host:port` entries the URL fetcher may reach although they are internal:
   * the test stack's fixture server only. Empty (the default) everywhere else.
   */
  FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /**
   * The worker's voice engine, set from the same value for both (the CDK's
   * constant on AWS, `local` in the local stack): the API accepts only the
   * voice requests that engine can run. No default, so a stack that forgot
   * it fails at start rather than accepting jobs that fail later.
   */
  VOICE_PROVIDER: z.enum(VOICE_PROVIDERS),
};

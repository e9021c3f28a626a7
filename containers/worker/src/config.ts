import { tmpdir } from 'node:os';
import { z } from 'zod';

const schema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_JOBS: z.string().min(1),
  BUCKET_MEDIA: z.string().min(1),
  QUEUE_MEDIA_URL: z.string().min(1),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WORK_DIR: z.string().default(tmpdir()),
  /** Jobs one worker runs at once; ffmpeg itself uses every core. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
});

export type WorkerConfig = z.infer<typeof schema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid worker configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  return parsed.data;
}

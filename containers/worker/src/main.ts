import { createDocumentClient } from '@frameforge/functions/adapters/dynamodb/document-client';
import { DynamoDbJobRepository } from '@frameforge/functions/adapters/dynamodb/job-repository';
import { S3MediaStorage, createS3Client } from '@frameforge/functions/adapters/s3/media-storage';
import { createSqsClient } from '@frameforge/functions/adapters/sqs/media-job-queue';
import { queues } from '@frameforge/functions/contracts/resources';
import { loadWorkerConfig } from './config';
import { processJob } from './worker/process-job';
import { QueueConsumer } from './worker/queue-consumer';

const config = loadWorkerConfig();
const jobs = new DynamoDbJobRepository(createDocumentClient(config.AWS_REGION), config.TABLE_JOBS);
const storage = new S3MediaStorage(createS3Client(config.AWS_REGION, config.S3_FORCE_PATH_STYLE), config.BUCKET_MEDIA);

const consumer = new QueueConsumer({
  client: createSqsClient(config.AWS_REGION),
  queueUrl: config.QUEUE_MEDIA_URL,
  concurrency: config.WORKER_CONCURRENCY,
  onPoison: (body, reason) => console.error(`dropped a message that is not a job (${reason}): ${body?.slice(0, 200)}`),
  handle: async (message, receiveCount) => {
    try {
      const outcome = await processJob(message, { jobs, storage, workDir: config.WORK_DIR });
      console.log(`job ${message.jobId} ${outcome}`);
    } catch (error) {
      // The last try before the dead-letter queue: end the job with a clear error instead of leaving it hanging.
      if (receiveCount >= queues.media.maxReceiveCount) {
        await jobs.fail(
          message.jobId,
          {
            code: 'internal_error',
            message: 'Error: the job failed on our side after several attempts.',
            param: null,
            hint: 'Try again; if it keeps failing, contact support with the task id.',
          },
          new Date().toISOString(),
        );
        return;
      }
      throw error;
    }
  },
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing running jobs`);
    void consumer.stop().then(() => process.exit(0));
  });
}

console.log('worker ready');
void consumer.run();

import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { JobSecrets } from '../../contracts/media-jobs';
import type { JobQueue, JobRecord } from '../../domain/job';
import { toQueuedJob } from '../../domain/job-messages';

export function createSqsClient(region: string): SQSClient {
  // The queue URL's host is not the service endpoint for every emulator; the endpoint comes from config.
  return new SQSClient({ region, useQueueUrlAsEndpoint: false });
}

export class SqsMediaJobQueue implements JobQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async enqueue(job: JobRecord, secrets?: JobSecrets): Promise<void> {
    const body = JSON.stringify(toQueuedJob(job, secrets));
    await this.client.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: body }));
  }
}

import { DynamoDbIdempotencyStore } from '../adapters/dynamodb/idempotency-store';
import { DynamoDbJobRepository } from '../adapters/dynamodb/job-repository';
import { safeRequest } from '../adapters/http/safe-fetch';
import { SqsMediaJobQueue, createSqsClient } from '../adapters/sqs/media-job-queue';
import { IdempotencyService } from '../domain/idempotency/idempotency';
import { InputResolver, fileIdsOf } from '../domain/input-resolver';
import { JobService } from '../domain/job-service';
import { TaskOutputFiles } from '../domain/task-outputs';
import { ValidationError } from '../../../kernel/domain/errors';
import type { JobEndpointServices } from '../http/job-endpoint';
import { dryRuns } from './dry-runs';
import { countedServices } from './keyed-counted';
import { asUrlValidationError, mediaStorage, uploadService, urlPolicy } from './media';
import { sealer } from '../../../kernel/wiring/sealing';
import { configOf, documentClient, once } from '../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'TABLE_JOBS', 'QUEUE_MEDIA_URL', 'TABLE_IDEMPOTENCY_KEYS', 'FETCH_ALLOW_HOSTS', 'VOICE_PROVIDER');

export const jobService = once(() => {
  const c = env;
  const jobs = new DynamoDbJobRepository(documentClient(), c.TABLE_JOBS);
  return new JobService(
    jobs,
    new SqsMediaJobQueue(createSqsClient(c.AWS_REGION), c.QUEUE_MEDIA_URL),
    mediaStorage(),
    new InputResolver(mediaStorage(), fileIdsOf(uploadService(), new TaskOutputFiles(jobs)), urlPolicy()),
    sealer(),
  );
});

const idempotency = once(() => new IdempotencyService(new DynamoDbIdempotencyStore(documentClient(), env.TABLE_IDEMPOTENCY_KEYS)));

/** A plain-text script from a public URL (redub_tts `script_url`): small, quick, public addresses only. */
async function fetchScript(url: string, param: string): Promise<string> {
  urlPolicy().assertFetchable(url, param);
  try {
    const answer = await safeRequest(url, { maxBytes: 64 * 1024, timeoutMs: 10_000, allowHosts: env.FETCH_ALLOW_HOSTS });
    const text = answer.body.toString('utf8').trim();
    if (answer.status < 200 || answer.status > 299) throw new ValidationError(`${param} answered HTTP ${answer.status}.`, { param });
    if (!text) throw new ValidationError(`${param} answered an empty script.`, { param });
    return text.slice(0, 5000);
  } catch (error) {
    throw asUrlValidationError(error, param);
  }
}

/** What every processing endpoint's chain uses. */
export const jobEndpointServices: JobEndpointServices = {
  ...countedServices,
  jobs: jobService,
  idempotency,
  fetchScript,
  voiceProvider: () => env.VOICE_PROVIDER,
  dryRuns,
};

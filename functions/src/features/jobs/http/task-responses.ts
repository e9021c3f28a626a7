import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ApiKeyPrincipal } from '../../api-keys/domain/api-key';
import type { JobRecord } from '../domain/job';
import type { JobService } from '../domain/job-service';
import { DEFAULT_POLL_SECONDS } from '../domain/poll-pace';
import { toAcceptedView } from '../domain/task-view';
import { JobFailedError } from '../../../kernel/domain/errors';
import { baseUrl } from '../../../kernel/http/request';
import { json, redirect } from '../../../kernel/http/responses';

/** Under API Gateway's 29 s limit, with room to answer. */
const DOWNLOAD_WAIT_MS = 25_000;
/** `/frame/last` answers the image itself: the same bounded wait. */
export const IMAGE_WAIT_MS = DOWNLOAD_WAIT_MS;

/**
 * The answer to a processing request: 202 with the task, or with
 * `download=1` a redirect to the result when it is ready within the wait.
 */
export async function acceptedOrResult(
  event: APIGatewayProxyEvent,
  jobs: JobService,
  principal: ApiKeyPrincipal,
  job: JobRecord,
  download: boolean,
): Promise<APIGatewayProxyResult> {
  if (download) {
    const outcome = await jobs.awaitOutcome(principal.userId, job.id, DOWNLOAD_WAIT_MS);
    if (outcome.status === 'completed') {
      // 303, not 302: the client must fetch the result with GET, whatever method it posted with.
      const result = redirect(await jobs.downloadUrl(principal.userId, job.id), 303);
      return { ...result, headers: { ...result.headers, 'X-Task-Id': job.id } };
    }
    if (outcome.status === 'failed' && outcome.error) throw new JobFailedError(outcome.error, job.id);
  }
  const body = toAcceptedView(job, baseUrl(event));
  return json(202, body, { Location: body.links.self, 'Retry-After': String(DEFAULT_POLL_SECONDS), 'X-Task-Id': job.id });
}

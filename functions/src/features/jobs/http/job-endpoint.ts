import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { JobEndpoint } from '../contracts/product-endpoints';
import type { AnyJobRequest } from '../contracts/requests/parsed-request';
import type { VoiceProviderName } from '../contracts/voices';
import type { DryRuns } from '../domain/dry-runs/dry-runs';
import type { IdempotencyService } from '../domain/idempotency/idempotency';
import type { Caller, JobService } from '../domain/job-service';
import { taskOutcomeOf } from '../../request-logs/domain/task-outcomes';
import { JobFailedError } from '../../../kernel/domain/errors';
import { baseUrl } from '../../../kernel/http/request';
import { json } from '../../../kernel/http/responses';
import { acceptedOrResult, IMAGE_WAIT_MS } from './task-responses';
import { rateLimitUnlessDryRun } from './dry-run-limit';
import { elevenLabsKeyOf } from './elevenlabs-key';
import { idempotencyKey } from './idempotency';
import { keyedChain, type KeyedServices } from '../../../kernel/http/product/keyed-endpoint';
import { jobRequest, tierGates } from './job-middlewares';
import { productErrors } from '../../../kernel/http/product/middlewares';
import type { ProductContext } from '../../../kernel/http/product/product-context';

export interface JobEndpointServices extends KeyedServices {
  jobs: () => JobService;
  idempotency: () => IdempotencyService;
  /** Reads a script from a public URL (redub_tts `script_url`); a refusal is a 400 naming the field. */
  fetchScript: (url: string, param: string) => Promise<string>;
  /** The deployed worker's voice engine (configuration): what voice requests must bring. */
  voiceProvider: () => VoiceProviderName;
  /** `dry_run=true`: the plan of a request, from its probed inputs. */
  dryRuns: () => DryRuns;
}

/**
 * One processing endpoint as a middy chain: headers, the request log, the
 * caller and its key (still active), body and validation, plan gates, the
 * Idempotency-Key, the key's rate limit (only a request that makes its task
 * keeps its place; a dry run only reads it), then
 * the handler; the error body is made last, so every failure is answered as
 * `{ error: { code, message, param, hint } }` with the RateLimit headers.
 */
export function jobEndpoint(endpoint: JobEndpoint, services: JobEndpointServices) {
  return keyedChain(services)
    .use(jobRequest(endpoint, services.voiceProvider))
    .use(tierGates(endpoint))
    // The Idempotency-Key first: a replay answers its task again without taking from the window, even a spent one.
    .use(idempotencyKey(endpoint.path, services.idempotency))
    .use(rateLimitUnlessDryRun(services.limiter))
    .use(productErrors())
    .handler(async (event, context) => {
      const who = context.caller;
      const request = context.request;
      if (!who || !request) throw new Error('the middlewares did not run');
      if (context.dryRun) return json(200, await services.dryRuns().plan(who.userId, endpoint.path, request, who.mode));
      const jobs = services.jobs();
      context.answersTask = true;
      const job = context.replayTaskId ? await answerAgain(jobs, who, context.replayTaskId, context) : await submit(event, who, request, services, context.requestLogId);
      context.taskId = job.id;
      if (endpoint.answers === 'image') return imageOrTask(event, jobs, who, job.id);
      return acceptedOrResult(event, jobs, who, job, request.download);
    });
}

/**
 * An Idempotency-Key replay: the task made before, with this request's log
 * row named on it. A task that had ended already is recorded on the row here,
 * since whoever ended it could not know of the row.
 */
async function answerAgain(jobs: JobService, who: Caller, id: string, context: ProductContext) {
  const { job, linked } = await jobs.answerAgain(who.userId, id, context.requestLogId);
  const outcome = taskOutcomeOf(job);
  if (outcome) context.taskOutcome = outcome;
  else if (!linked) context.answersTask = false;
  return job;
}

async function submit(event: APIGatewayProxyEvent, who: Caller, request: AnyJobRequest, services: JobEndpointServices, requestLogId?: string) {
  const job = { ...request.job };
  if (request.job.type === 'redub_tts' && request.scriptUrl) {
    job.params = { ...request.job.params, script: await services.fetchScript(request.scriptUrl, 'script_url') };
  }
  const elevenlabsKey = elevenLabsKeyOf(event, request.elevenlabsKey);
  return services.jobs().submit(who, job, request.inputs, {
    ...(request.callbackUrl ? { callback: { url: request.callbackUrl, baseUrl: baseUrl(event) } } : {}),
    ...(elevenlabsKey ? { secrets: { elevenlabs_key: elevenlabsKey } } : {}),
    ...(requestLogId ? { requestLogId } : {}),
    requestId: event.requestContext.requestId,
    metadata: request.metadata,
  });
}

/** `/frame/last`: the JPEG itself when the job ends within the wait, else the task (202). */
async function imageOrTask(event: APIGatewayProxyEvent, jobs: JobService, who: Caller, id: string): Promise<APIGatewayProxyResult> {
  const outcome = await jobs.awaitOutcome(who.userId, id, IMAGE_WAIT_MS);
  if (outcome.status === 'completed') {
    const file = await jobs.outputBytes(who.userId, id);
    return {
      statusCode: 200,
      headers: { 'Content-Type': file.mediaType, 'Content-Disposition': `inline; filename="${file.fileName}"`, 'X-Task-Id': id },
      body: file.body.toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (outcome.status === 'failed' && outcome.error) throw new JobFailedError(outcome.error, id);
  return acceptedOrResult(event, jobs, who, outcome, false);
}

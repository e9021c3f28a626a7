import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { elevenLabsKeyOf } from '../../http/elevenlabs-key';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { IMAGE_WAIT_MS } from '../../http/task-responses';
import { jobService } from '../../wiring/jobs';
import { countedServices } from '../../wiring/keyed-counted';
import { configOf } from '../../../../kernel/wiring/shared';

const env = configOf('VOICE_PROVIDER');
import { JobFailedError } from '../../../../kernel/domain/errors';
import { assertVoiceKey } from '../../domain/voices/known-voice';

/**
 * `GET /eleven/voices`: the voices of ElevenLabs with the caller's own key
 * (`X-ElevenLabs-Key`), or the built-in voices without one where the worker
 * runs the local engine; where it runs ElevenLabs, a request without a key
 * is refused at once, naming the header. The list comes from the worker,
 * which holds the voice providers.
 */
export const handler = keyedEndpoint(
  countedServices,
  async (event, context) => {
    const who = apiKeyPrincipal(event);
    const key = elevenLabsKeyOf(event);
    assertVoiceKey({ provider: env.VOICE_PROVIDER, withOwnKey: Boolean(key) });
    const jobs = jobService();
    const job = await jobs.submit(who, { type: 'voices', params: {} }, [], {
      ...(key ? { secrets: { elevenlabs_key: key } } : {}),
      ...(context.requestLogId ? { requestLogId: context.requestLogId } : {}),
    });
    // A list that takes longer than the wait answers 202: the log row then shows how its task ends.
    context.taskId = job.id;
    context.answersTask = true;
    const outcome = await jobs.awaitOutcome(who.userId, job.id, IMAGE_WAIT_MS);
    if (outcome.status === 'failed' && outcome.error) throw new JobFailedError(outcome.error, job.id);
    if (outcome.status !== 'completed') return json(202, { status: 'accepted', task_id: job.id, status_url: `/task/${job.id}` });
    const voices = JSON.parse((await jobs.outputBytes(who.userId, job.id)).body.toString('utf8')) as unknown;
    return json(200, { object: 'list', voices }, { 'X-Task-Id': job.id });
  },
  { counted: true },
);

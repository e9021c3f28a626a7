import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CallbackService } from '@frameforge/functions/features/callbacks/domain/callback-service';
import type { JobRecord, JobRepository } from '@frameforge/functions/features/jobs/domain/job';
import { openApiDocument } from '@frameforge/functions/features/docs/openapi/openapi-document';

/**
 * The `webhooks` of the OpenAPI document describe the callbacks as they are
 * sent: real deliveries, made by the callback service for a completed and a
 * failed task, are checked against the documented body and headers with a
 * JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1).
 */

interface HeaderParameter {
  name: string;
  required: boolean;
  schema: object;
}
interface Webhook {
  post: { parameters: HeaderParameter[]; requestBody: { content: Record<string, { schema: { $ref: string } }> } };
}

const document = openApiDocument('https://api.example.test');
const webhooks = document.webhooks as Record<string, Webhook>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: document.components });
const bodySchemaOf = (hook: Webhook) => ({ $ref: `openapi${hook.post.requestBody.content['application/json']?.schema.$ref ?? ''}` });

const JOB_ID = '6f1c2b9e-5d4a-4c3b-9a8f-1e2d3c4b5a69';
const base = {
  id: JOB_ID, userId: 'user-1', apiKeyId: 'key-1', endpoint: 'captions_auto', tier: 'elite', progress: 100, params: {}, inputs: [], attempts: 1,
  createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:30.000Z', startedAt: '2025-01-01T00:00:01.000Z', completedAt: '2025-01-01T00:00:30.000Z',
  expiresAt: 0, callback: { url: 'https://receiver.example/hook', baseUrl: 'https://api.example.test', attempts: [] },
};
const JOBS: Record<string, JobRecord> = {
  'task.completed': {
    ...base, status: 'completed', error: null,
    output: { key: `outputs/user-1/${JOB_ID}/out.mp4`, fileName: 'out.mp4', size: 20, mediaType: 'video/mp4', duration: 2, expiresAt: '2025-01-08T00:00:00.000Z', attachments: [{ key: `outputs/user-1/${JOB_ID}/out.ass`, fileName: 'out.ass', size: 5, mediaType: 'text/x-ssa' }] },
  } as JobRecord,
  'task.failed': { ...base, status: 'failed', output: null, error: { code: 'start_out_of_range', message: 'Error: start is past the end.', param: 'start', hint: null } } as JobRecord,
  'task.canceled': { ...base, status: 'canceled', progress: 40, output: null, error: null, canceledAt: '2025-01-01T00:00:20.000Z', completedAt: '2025-01-01T00:00:20.000Z' } as JobRecord,
};

/** What the callback service POSTs for the job's first try. */
async function deliveryOf(job: JobRecord): Promise<{ body: string; headers: Record<string, string> }> {
  let sent: { body: string; headers: Record<string, string> } | undefined;
  const jobs = { get: () => Promise.resolve(structuredClone(job)), recordCallbackAttempt: () => Promise.resolve(true) } as unknown as JobRepository;
  const sender = { post: (_url: string, body: string, headers: Record<string, string>) => ((sent = { body, headers }), Promise.resolve({ status: 200 })) };
  const service = new CallbackService(jobs, { secretFor: () => Promise.resolve('whsec_unit') }, { send: () => Promise.resolve() }, sender, { retryBaseSeconds: 30 });
  await service.deliver({ jobId: job.id, userId: job.userId, attempt: 1 });
  if (!sent) throw new Error('nothing was sent');
  return sent;
}

describe.each(Object.keys(JOBS))('the %s webhook', (name) => {
  const hook = webhooks[name] as Webhook;

  it('documents the body a real delivery carries, and only its own event', async () => {
    const { body } = await deliveryOf(JOBS[name] as JobRecord);
    const event = JSON.parse(body) as Record<string, unknown>;
    const validate = ajv.compile(bodySchemaOf(hook));
    expect([validate(event), ajv.errorsText(validate.errors)]).toEqual([true, 'No errors']);
    const other = webhooks[name === 'task.completed' ? 'task.failed' : 'task.completed'] as Webhook;
    expect(ajv.validate(bodySchemaOf(other), event)).toBe(false);
  });

  it('documents every header a real delivery sends, each as sent', async () => {
    const { headers } = await deliveryOf(JOBS[name] as JobRecord);
    const documented = hook.post.parameters.map((p) => p.name.toLowerCase());
    // Content-Type is the request body's media type, which OpenAPI does not repeat as a parameter.
    expect(Object.keys(headers).map((h) => h.toLowerCase()).filter((h) => h !== 'content-type').sort()).toEqual([...documented].sort());
    expect(headers['Content-Type']).toBe('application/json');
    for (const parameter of hook.post.parameters) {
      const value = Object.entries(headers).find(([header]) => header.toLowerCase() === parameter.name.toLowerCase())?.[1];
      expect([parameter.name, parameter.required, ajv.validate(parameter.schema, value)]).toEqual([parameter.name, true, true]);
    }
  });
});

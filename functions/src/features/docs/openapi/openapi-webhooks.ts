import { MAX_CALLBACK_ATTEMPTS } from '../../callbacks/contracts/callback-deliveries';
import { callbackEventId, callbackEventType, type CallbackEventType } from '../../callbacks/domain/callback-event';
import { MAX_RETRY_DELAY_SECONDS } from '../../callbacks/domain/callback-service';
import { CALLBACK_USER_AGENT, EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../callbacks/domain/callback-signature';
import type { JobRecord } from '../../jobs/domain/job';

/**
 * The `webhooks` of the OpenAPI document: what the worker POSTs to a task's
 * `callback_url` when the task ends, one webhook per event type, with the
 * headers it signs and sends and the answers it expects. The names, headers
 * and event ids come from the code that sends them.
 */

type EndedStatus = Extract<JobRecord['status'], 'completed' | 'failed' | 'canceled'>;

const EXAMPLE_TASK_ID = '6f1c2b9e-5d4a-4c3b-9a8f-1e2d3c4b5a69';
const TASK_ID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

function eventTypeOf(status: EndedStatus): CallbackEventType {
  const type = callbackEventType(status);
  if (!type) throw new Error(`A ${status} task announces no callback event.`);
  return type;
}

const EVENTS: { status: EndedStatus; type: CallbackEventType; schema: string; summary: string; description: string }[] = (
  [
    ['completed', 'TaskCompletedEvent', 'A task completed: its output is ready.', 'Sent once the task has completed; `data.output` says where its result is.'],
    ['failed', 'TaskFailedEvent', 'A task failed: its error says why.', 'Sent once the task has failed for good; `data.error` says why.'],
    [
      'canceled',
      'TaskCanceledEvent',
      'A task was canceled: it stopped and made no output.',
      'Sent once the task was canceled (`POST /task/{id}/cancel`), whether it was waiting or running; `data.canceled_at` says when. A canceled task stores no output.',
    ],
  ] as const
).map(([status, schema, summary, description]) => ({ status, type: eventTypeOf(status), schema, summary, description }));

const eventIdPattern = (status: EndedStatus) => `^${callbackEventId(TASK_ID_PATTERN, status)}$`;

/** The event bodies, for `components.schemas`: the envelope around the task object as `GET /task/{id}` shows it. */
export const webhookSchemas = Object.fromEntries(
  EVENTS.map(({ status, type, schema }) => [
    schema,
    {
      type: 'object',
      required: ['id', 'type', 'created_at', 'data'],
      properties: {
        id: {
          type: 'string',
          pattern: eventIdPattern(status),
          examples: [callbackEventId(EXAMPLE_TASK_ID, status)],
          description: `The same for every try of this delivery, and sent as ${EVENT_ID_HEADER} too: a receiver that has seen it already answers 2xx and ignores the repeat.`,
        },
        type: { const: type },
        created_at: { type: 'string', format: 'date-time', description: 'When the task ended: its completed_at.' },
        data: { description: 'The task as `GET /task/{id}` shows it, its `metadata` included: the pairs sent with the request come back here.', allOf: [{ $ref: '#/components/schemas/Task' }, { properties: { status: { const: status } } }] },
      },
    },
  ]),
);

const headers = (status: EndedStatus) => [
  {
    name: SIGNATURE_HEADER,
    in: 'header',
    required: true,
    description:
      "`t=<unix seconds>,v1=<hex>`: HMAC-SHA256 of `<t>.<raw body>` keyed with your callback secret (the portal's API Docs page). Compute it over the body exactly as received, compare in constant time, and refuse a `t` more than 5 minutes from your clock. More than one v1 may come; one match is enough.",
    schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
    example: `t=1735689600,v1=${'5f2c0a9e'.repeat(8)}`,
  },
  {
    name: EVENT_ID_HEADER,
    in: 'header',
    required: true,
    description: 'The event id, as in the body: the same on every try of this delivery.',
    schema: { type: 'string', pattern: eventIdPattern(status) },
    example: callbackEventId(EXAMPLE_TASK_ID, status),
  },
  { name: 'User-Agent', in: 'header', required: true, description: 'The sender and the version of the event format.', schema: { const: CALLBACK_USER_AGENT } },
];

const failedTry = (what: string) => ({
  description: `${what}: the try failed and is made again after a growing wait (each three times the one before, at most ${MAX_RETRY_DELAY_SECONDS / 60} minutes), up to ${MAX_CALLBACK_ATTEMPTS} tries in all. So does a redirect (never followed) or no answer within 10 s. Each try shows in the task's callback.attempts.`,
});

function webhook({ status, schema, summary, description }: (typeof EVENTS)[number]) {
  return {
    post: {
      operationId: `task_${status}`,
      summary,
      description: `${description} POSTed to the task's callback_url as JSON, signed.`,
      security: [],
      parameters: headers(status),
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
      responses: {
        '2XX': { description: 'Received: no further try of this event is made. Answer within 10 s; the body of the answer is not read.' },
        '4XX': failedTry('Refused (a failed signature check should answer 400)'),
        '5XX': failedTry('A failure on your side'),
      },
    },
  };
}

/** One webhook per event type, named by it (`task.completed`, `task.failed`, `task.canceled`). */
export const webhooks = Object.fromEntries(EVENTS.map((event) => [event.type, webhook(event)]));

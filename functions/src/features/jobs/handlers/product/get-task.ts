import { getTaskQuerySchema } from '../../contracts/task-wait';
import { TERMINAL_STATUSES } from '../../domain/job';
import { heldReadAfterMs, pollAfterSeconds } from '../../domain/poll-pace';
import { toTaskView } from '../../domain/task-view';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { apiKeyPrincipal, baseUrl } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../wiring/keyed-reads';
import { ownedTasks } from '../../wiring/task-reads';

/** `GET /task/{id}?wait=`: the task, at once or, with `wait`, when it ends or the wait runs out. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const { wait } = parseRequest(getTaskQuerySchema, event.queryStringParameters ?? {});
  const tasks = ownedTasks();
  const id = event.pathParameters?.id ?? '';
  const job = wait > 0 ? await tasks.awaitOutcome(userId, id, wait * 1000, heldReadAfterMs) : await tasks.getOwned(userId, id);
  const running = !TERMINAL_STATUSES.includes(job.status);
  return json(200, toTaskView(job, baseUrl(event), await tasks.queuePosition(job)), running ? { 'Retry-After': String(pollAfterSeconds(job, new Date())) } : {});
});

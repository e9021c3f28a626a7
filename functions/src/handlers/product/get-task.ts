import { TERMINAL_STATUSES } from '../../domain/jobs/job';
import { pollAfterSeconds } from '../../domain/jobs/poll-pace';
import { toTaskView } from '../../domain/jobs/task-view';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { apiKeyPrincipal, baseUrl } from '../../http/request';
import { json } from '../../http/responses';
import { readServices } from '../wiring/keyed-reads';
import { ownedTasks } from '../wiring/task-reads';

export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const tasks = ownedTasks();
  const job = await tasks.getOwned(userId, event.pathParameters?.id ?? '');
  const running = !TERMINAL_STATUSES.includes(job.status);
  return json(200, toTaskView(job, baseUrl(event), await tasks.queuePosition(job)), running ? { 'Retry-After': String(pollAfterSeconds(job, new Date())) } : {});
});

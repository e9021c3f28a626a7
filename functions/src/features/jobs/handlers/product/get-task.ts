import { TERMINAL_STATUSES } from '../../domain/job';
import { pollAfterSeconds } from '../../domain/poll-pace';
import { toTaskView } from '../../domain/task-view';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { apiKeyPrincipal, baseUrl } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../wiring/keyed-reads';
import { ownedTasks } from '../../wiring/task-reads';

export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const tasks = ownedTasks();
  const job = await tasks.getOwned(userId, event.pathParameters?.id ?? '');
  const running = !TERMINAL_STATUSES.includes(job.status);
  return json(200, toTaskView(job, baseUrl(event), await tasks.queuePosition(job)), running ? { 'Retry-After': String(pollAfterSeconds(job, new Date())) } : {});
});

import { toTaskView } from '../../domain/jobs/task-view';
import { TERMINAL_STATUSES } from '../../domain/jobs/job';
import { apiKeyPrincipal, baseUrl } from '../../http/request';
import { json } from '../../http/responses';
import { productHandler } from '../../http/wrap';
import { jobService } from '../services';

export const handler = productHandler(async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const job = await jobService().getOwned(userId, event.pathParameters?.id ?? '');
  const running = !TERMINAL_STATUSES.includes(job.status);
  return json(200, toTaskView(job, baseUrl(event)), running ? { 'Retry-After': '2' } : {});
});

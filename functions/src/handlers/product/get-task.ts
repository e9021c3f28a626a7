import { TERMINAL_STATUSES } from '../../domain/jobs/job';
import { toTaskView } from '../../domain/jobs/task-view';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { apiKeyPrincipal, baseUrl } from '../../http/request';
import { json } from '../../http/responses';
import { jobService } from '../wiring/jobs';
import { keyedServices } from '../wiring/keyed';

export const handler = keyedEndpoint(keyedServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const jobs = jobService();
  const job = await jobs.getOwned(userId, event.pathParameters?.id ?? '');
  const running = !TERMINAL_STATUSES.includes(job.status);
  return json(200, toTaskView(job, baseUrl(event), await jobs.queuePosition(job)), running ? { 'Retry-After': '2' } : {});
});

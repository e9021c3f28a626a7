import { toTaskView } from '../../domain/jobs/task-view';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { apiKeyPrincipal, baseUrl } from '../../http/request';
import { json } from '../../http/responses';
import { readServices } from '../wiring/keyed-reads';
import { taskCancels } from '../wiring/task-reads';

// Not a processing request: it takes the keyed chain that counts nothing, as GET /task does.
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const job = await taskCancels().cancel(userId, event.pathParameters?.id ?? '');
  return json(200, toTaskView(job, baseUrl(event)));
});

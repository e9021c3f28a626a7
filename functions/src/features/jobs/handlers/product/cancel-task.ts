import { toTaskView } from '../../domain/task-view';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { apiKeyPrincipal, baseUrl } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../wiring/keyed-reads';
import { taskCancels } from '../../wiring/task-reads';

// Not a processing request: it takes the keyed chain that counts nothing, as GET /task does.
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const job = await taskCancels().cancel(userId, event.pathParameters?.id ?? '');
  return json(200, toTaskView(job, baseUrl(event)));
});

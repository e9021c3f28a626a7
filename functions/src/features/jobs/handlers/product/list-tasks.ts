import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { taskListRequest } from '../../http/task-list-query';
import { apiKeyPrincipal, baseUrl } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { readServices } from '../../wiring/keyed-reads';
import { taskList } from '../../wiring/task-reads';

/**
 * `GET /tasks?limit=&starting_after=&status=&operation=&created_from=&created_to=&metadata[key]=`:
 * the caller's tasks, newest first, each as `GET /task/{id}` answers it. A
 * read: it shows the key's standing but never counts against it.
 */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const request = taskListRequest(event);
  return json(200, await taskList().list(userId, request, baseUrl(event)));
});

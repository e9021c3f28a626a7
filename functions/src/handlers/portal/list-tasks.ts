import { taskListRequest } from '../../http/product/task-list-query';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalOrigin } from '../wiring/portal-origin';
import { taskList } from '../wiring/task-reads';

/**
 * `GET /tasks?limit=&starting_after=&status=&operation=`: the signed-in
 * user's tasks, newest first, each the task object of the product API's
 * `GET /tasks`, with its links relative to the product API.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, await taskList().list(userId, taskListRequest(event), ''), { 'Cache-Control': 'no-store' });
});

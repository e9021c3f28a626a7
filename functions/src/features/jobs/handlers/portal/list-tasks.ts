import { taskListRequest } from '../../http/task-list-query';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { taskList } from '../../wiring/task-reads';

/**
 * `GET /tasks?limit=&starting_after=&status=&operation=`: the signed-in
 * user's tasks, newest first, each the task object of the product API's
 * `GET /tasks`, with its links relative to the product API.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  return json(200, await taskList().list(userId, taskListRequest(event), ''), { 'Cache-Control': 'no-store' });
});

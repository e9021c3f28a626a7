import { toTaskView } from '../../domain/jobs/task-view';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalOrigin } from '../wiring/portal-origin';
import { taskCancels } from '../wiring/task-reads';

/** `POST /tasks/{id}/cancel`: the product API's cancel for the signed-in user: queued or running ends canceled, an ended task is a 409. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const job = await taskCancels().cancel(userId, event.pathParameters?.id ?? '');
  return json(200, toTaskView(job, ''));
});

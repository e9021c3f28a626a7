import { toTaskView } from '../../domain/task-view';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { taskCancels } from '../../wiring/task-reads';

/** `POST /tasks/{id}/cancel`: the product API's cancel for the signed-in user: queued or running ends canceled, an ended task is a 409. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const job = await taskCancels().cancel(userId, event.pathParameters?.id ?? '');
  return json(200, toTaskView(job, ''));
});

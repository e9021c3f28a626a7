import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { toPortalTask } from '../../domain/portal-task-view';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { taskDownloads } from '../../wiring/task-downloads';
import { ownedTasks } from '../../wiring/task-reads';

/** `GET /tasks/{id}`: one of the signed-in user's tasks, with its inputs, parameters and a link to its output; anyone else's is a 404. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const tasks = ownedTasks();
  const job = await tasks.getOwned(userId, event.pathParameters?.id ?? '');
  // Only a completed task's output is there to fetch, and only while it is kept.
  const downloadUrl = job.status === 'completed' && job.output ? await taskDownloads().downloadUrl(userId, job.id).catch(() => null) : null;
  return json(200, toPortalTask(job, await tasks.queuePosition(job), downloadUrl), { 'Cache-Control': 'no-store' });
});

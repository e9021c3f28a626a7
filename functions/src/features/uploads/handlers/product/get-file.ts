import { ValidationError } from '../../../../kernel/domain/errors';
import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { redirect } from '../../../../kernel/http/responses';
import { readServices } from '../../../jobs/wiring/keyed-reads';
import { taskDownloads } from '../../../jobs/wiring/task-downloads';

/** `GET /file?path=`: one of the caller's own output files, by the path a task output gave; anything else is 404. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const path = event.queryStringParameters?.path;
  if (!path) throw new ValidationError('path is required: the storage path of one of your task outputs.', { param: 'path' });
  return redirect(await taskDownloads().fileUrl(userId, path));
});

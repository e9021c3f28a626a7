import { ValidationError } from '../../domain/shared/errors';
import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { apiKeyPrincipal } from '../../http/request';
import { redirect } from '../../http/responses';
import { readServices } from '../wiring/keyed-reads';
import { taskDownloads } from '../wiring/task-downloads';

/** `GET /file?path=`: one of the caller's own output files, by the path a task output gave; anything else is 404. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  const path = event.queryStringParameters?.path;
  if (!path) throw new ValidationError('path is required: the storage path of one of your task outputs.', { param: 'path' });
  return redirect(await taskDownloads().fileUrl(userId, path));
});

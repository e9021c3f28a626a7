import { keyedEndpoint } from '../../../../kernel/http/product/keyed-endpoint';
import { apiKeyPrincipal } from '../../../../kernel/http/request';
import { redirect } from '../../../../kernel/http/responses';
import { readServices } from '../../wiring/keyed-reads';
import { taskDownloads } from '../../wiring/task-downloads';

/** Redirects to a short-lived signed URL of the caller's own output. */
export const handler = keyedEndpoint(readServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  return redirect(await taskDownloads().downloadUrl(userId, event.pathParameters?.id ?? ''));
});

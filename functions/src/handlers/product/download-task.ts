import { keyedEndpoint } from '../../http/product/keyed-endpoint';
import { apiKeyPrincipal } from '../../http/request';
import { redirect } from '../../http/responses';
import { jobService } from '../wiring/jobs';
import { keyedServices } from '../wiring/keyed';

/** Redirects to a short-lived signed URL of the caller's own output. */
export const handler = keyedEndpoint(keyedServices, async (event) => {
  const { userId } = apiKeyPrincipal(event);
  return redirect(await jobService().downloadUrl(userId, event.pathParameters?.id ?? ''));
});

import { apiKeyPrincipal } from '../../http/request';
import { redirect } from '../../http/responses';
import { productHandler } from '../../http/wrap';
import { jobService } from '../services';

/** Redirects to a short-lived signed URL of the caller's own output. */
export const handler = productHandler(async (event) => {
  const { userId } = apiKeyPrincipal(event);
  return redirect(await jobService().downloadUrl(userId, event.pathParameters?.id ?? ''));
});

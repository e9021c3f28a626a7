import type { CallbackResend } from '../../../jobs/contracts/portal-tasks';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { callbackResends } from '../../wiring/callback-resends';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/**
 * `POST /tasks/{id}/callback`: delivers an ended task's callback once more
 * (queued; the worker signs it, posts it and records the try on the task).
 * 409 while the task runs or a retry is due, 422 without a callback_url.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { attempt } = await callbackResends().resend(userId, event.pathParameters?.id ?? '');
  const response: CallbackResend = { queued: true, attempt };
  return json(202, response);
});

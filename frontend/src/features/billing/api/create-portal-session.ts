import { redirectUrlResponseSchema, type PortalSessionRequest } from '@frameforge/functions/features/billing/contracts/billing';
import { apiRequest } from '../../../lib/api-client';
import { rememberLeavingForPortal } from '../portal-return';

export type PortalFlow = NonNullable<PortalSessionRequest['flow']>;

/** Leaves for Stripe's billing portal (plans, invoices, cancellation), or straight for its card update. */
export async function createPortalSession(customerId: string, flow?: PortalFlow): Promise<void> {
  const body: PortalSessionRequest = flow ? { customer_id: customerId, flow } : { customer_id: customerId };
  const { url } = await apiRequest({
    method: 'POST',
    path: '/create-portal-session',
    body,
    schema: redirectUrlResponseSchema,
    failure: 'open the billing portal',
  });
  rememberLeavingForPortal(window.sessionStorage);
  window.location.assign(url);
}

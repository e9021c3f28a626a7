import { redirectUrlResponseSchema } from '@frameforge/functions/contracts/billing';
import { apiRequest } from '../../../lib/api-client';

/** Leaves for Stripe's billing portal (payment method, invoices, cancellation). */
export async function createPortalSession(customerId: string): Promise<void> {
  const { url } = await apiRequest({
    method: 'POST',
    path: '/create-portal-session',
    body: { customer_id: customerId },
    schema: redirectUrlResponseSchema,
    failure: 'open the billing portal',
  });
  window.location.assign(url);
}

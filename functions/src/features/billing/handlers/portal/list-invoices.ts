import { listInvoicesQuerySchema } from '../../contracts/billing';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { billingHistory } from '../../wiring/stripe';

/** `GET /invoices?limit=&starting_after=`: the caller's invoices, newest first, with Stripe's hosted page and PDF links. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const query = parseRequest(listInvoicesQuerySchema, { ...(event.queryStringParameters ?? {}) });
  return json(200, await (await billingHistory()).invoicesOf(userId, query), { 'Cache-Control': 'no-store' });
});

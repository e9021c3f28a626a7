import { portalSessionRequestSchema, type RedirectUrlResponse } from '../../contracts/billing';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { checkoutService } from '../../wiring/stripe';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { customer_id, flow } = parseJsonBody(event, portalSessionRequestSchema);
  const response: RedirectUrlResponse = { url: await (await checkoutService()).portal(userId, customer_id, flow) };
  return json(200, response, { 'Cache-Control': 'no-store' });
});

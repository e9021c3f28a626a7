import { portalSessionRequestSchema, type RedirectUrlResponse } from '../../contracts/billing';
import { parseJsonBody } from '../../http/json-body';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { portalOrigin } from '../wiring/portal-origin';
import { checkoutService } from '../wiring/stripe';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const { customer_id, flow } = parseJsonBody(event, portalSessionRequestSchema);
  const response: RedirectUrlResponse = { url: await (await checkoutService()).portal(userId, customer_id, flow) };
  return json(200, response, { 'Cache-Control': 'no-store' });
});

import { checkoutRequestSchema, type RedirectUrlResponse } from '../../contracts/billing';
import { parseJsonBody } from '../../http/json-body';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { portalOrigin } from '../wiring/portal-origin';
import { checkoutService } from '../wiring/stripe';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  const request = parseJsonBody(event, checkoutRequestSchema);
  const url = await (await checkoutService()).start({ userId, email: email ?? null }, request);
  const response: RedirectUrlResponse = { url };
  return json(200, response, { 'Cache-Control': 'no-store' });
});

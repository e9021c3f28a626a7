import { checkoutRequestSchema, type RedirectUrlResponse } from '../../contracts/billing';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { checkoutService } from '../../wiring/stripe';

export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  const request = parseJsonBody(event, checkoutRequestSchema);
  const url = await (await checkoutService()).start({ userId, email: email ?? null }, request);
  const response: RedirectUrlResponse = { url };
  return json(200, response, { 'Cache-Control': 'no-store' });
});

import { header, rawBody } from '../../http/request';
import { json } from '../../http/responses';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { portalOrigin, webhookService } from '../services';

/**
 * Stripe's webhook. The signature is checked on the raw bytes (API Gateway
 * hands them over untouched); a bad one is a 400 that changes nothing. The
 * work is a handful of reads and writes, so Stripe gets its 2xx quickly.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const outcome = await (await webhookService()).handle(rawBody(event), header(event, 'stripe-signature'));
  return json(200, { received: true, outcome });
});

import { InvalidSignatureError } from '../../domain/billing-errors';
import { header, rawBody } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';
import { webhookService } from '../../wiring/stripe-webhook';

/**
 * Stripe's webhook. The signature is checked on the raw bytes (API Gateway
 * hands them over untouched); a bad one is a 400 that changes nothing. The
 * work is a handful of reads and writes, so Stripe gets its 2xx quickly.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const signature = header(event, 'stripe-signature');
  // Refused before any secret is read: an unsigned call costs no Secrets Manager request.
  if (!signature) throw new InvalidSignatureError('Missing Stripe-Signature header.');
  const outcome = await (await webhookService()).handle(rawBody(event), signature);
  return json(200, { received: true, outcome });
});

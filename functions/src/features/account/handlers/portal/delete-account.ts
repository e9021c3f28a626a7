import type { z } from 'zod';
import type { deleteAccountResponseSchema } from '../../../profiles/contracts/profile';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { logger } from '../../../../kernel/http/logging';
import { json } from '../../../../kernel/http/responses';
import { accountDeletion } from '../../wiring/account';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/**
 * `DELETE /account` (Danger Zone): everything of the caller goes, the user
 * pool entry last. It answers once all is gone; after a failure the
 * still-signed-in user's retry finishes what the first attempt left.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  const result = await (await accountDeletion()).deleteAccount(userId);
  // The account is gone either way; a confirmation that could not be sent is worth a look, not a failed request.
  if (result.confirmation === 'failed') logger.warn('deletion confirmation not sent', { error: result.error });
  const response: z.infer<typeof deleteAccountResponseSchema> = { deleted: true };
  return json(200, response, { 'Cache-Control': 'no-store' });
});

import type { z } from 'zod';
import type { deleteAccountResponseSchema } from '../../contracts/profile';
import { portalEndpoint } from '../../http/portal/portal-endpoint';
import { cognitoUserId } from '../../http/request';
import { json } from '../../http/responses';
import { accountDeletion } from '../wiring/account';
import { portalOrigin } from '../wiring/shared';

/**
 * `DELETE /account` (Danger Zone): everything of the caller goes, the user
 * pool entry last. It answers once all is gone; after a failure the
 * still-signed-in user's retry finishes what the first attempt left.
 */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId } = cognitoUserId(event);
  await (await accountDeletion()).deleteAccount(userId);
  const response: z.infer<typeof deleteAccountResponseSchema> = { deleted: true };
  return json(200, response, { 'Cache-Control': 'no-store' });
});

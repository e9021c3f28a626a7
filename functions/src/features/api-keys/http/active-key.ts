import { AuthenticationError } from '../../../kernel/domain/errors';
import { logger } from '../../../kernel/http/logging';
import type { ProductMiddleware } from '../../../kernel/http/product/middlewares';
import type { ProductContext } from '../../../kernel/http/product/product-context';
import type { ApiKeyRecord } from '../domain/api-key';
import type { ApiKeyService } from '../domain/api-key-service';
import { assertNotExpired } from '../domain/key-expiry';

declare module '../../../kernel/http/product/product-context' {
  interface ProductContext {
    /** The key behind the request, checked active: its name and mask go to the request log. */
    apiKey?: ApiKeyRecord;
  }
}

/**
 * The key behind the request must still be active and unexpired: a revoked or expired key is refused
 * at once by every request that reaches our code, whatever the gateway's
 * authorizer cache still holds. Its name and mask go to the request log.
 */
export const activeKey = (keys: () => ApiKeyService): ProductMiddleware => ({
  before: async (request) => {
    const who = request.context.caller;
    if (!who) return;
    const record = await keys().activeById(who.apiKeyId);
    if (!record || record.userId !== who.userId) {
      throw new AuthenticationError('This API key was revoked.', { param: 'X-API-Key', hint: 'Create a new key on the API Keys page of the portal.' });
    }
    // An expiry passed is seen at once too, with the date it passed.
    assertNotExpired(record, new Date());
    request.context.apiKey = record;
  },
});

/**
 * The key's last use (to the second), written beside its request's log row:
 * the request log waits for both together, briefly, and a failure only logs.
 */
export const markKeyUsed =
  (keys: () => ApiKeyService) =>
  async (context: ProductContext): Promise<void> => {
    const key = context.apiKey;
    if (!key) return;
    await keys()
      .markUsed(key.id, key.lastUsedAt)
      .catch((error: unknown) => logger.error("the key's last use was not recorded", error instanceof Error ? error : String(error)));
  };

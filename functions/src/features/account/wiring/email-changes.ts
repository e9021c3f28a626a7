import { createDocumentClient } from '../../../kernel/adapters/dynamodb/document-client';
import { DynamoDbKnownAddressStore } from '../adapters/dynamodb/known-address-store';
import { DynamoDbProfileRepository } from '../../profiles/adapters/dynamodb/profile-repository';
import { createEmailSender } from '../../notifications/adapters/email';
import { loadTriggerConfig } from '../trigger-env';
import { EmailChangeNotices } from '../domain/email-change-notice';
import { once } from '../../../kernel/wiring/shared';

/** The security notice to an account's old address, as the token trigger sends it. */
export const emailChangeNotices = once(() => {
  const c = loadTriggerConfig();
  const db = createDocumentClient(c.AWS_REGION);
  return new EmailChangeNotices({
    addresses: new DynamoDbKnownAddressStore(db, c.TABLE_USAGE_COUNTERS),
    profiles: new DynamoDbProfileRepository(db, c.TABLE_USER_PROFILES),
    sender: createEmailSender(c),
    portalUrl: c.PORTAL_URL,
  });
});

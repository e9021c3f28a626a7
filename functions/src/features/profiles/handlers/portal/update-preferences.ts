import { updatePreferencesRequestSchema } from '../../contracts/profile';
import { toProfileView } from '../../domain/profile';
import { parseJsonBody } from '../../../../kernel/http/json-body';
import { portalEndpoint } from '../../../../kernel/http/portal/portal-endpoint';
import { cognitoUserId } from '../../../../kernel/http/request';
import { json } from '../../../../kernel/http/responses';
import { profiles } from '../../wiring/profiles';
import { portalOrigin } from '../../../../kernel/wiring/portal-origin';

/** `PUT /preferences`: Save Settings (notifications, language, timezone), for the caller only. */
export const handler = portalEndpoint(portalOrigin, async (event) => {
  const { userId, email } = cognitoUserId(event);
  const body = parseJsonBody(event, updatePreferencesRequestSchema);
  const record = await profiles().update(
    userId,
    {
      emailNotifications: body.email_notifications,
      apiUsageAlerts: body.api_usage_alerts,
      marketingEmails: body.marketing_emails,
      language: body.language,
      timezone: body.timezone,
    },
    new Date().toISOString(),
  );
  return json(200, toProfileView(userId, email ?? '', record));
});

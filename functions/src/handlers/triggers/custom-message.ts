import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { renderAuthEmail } from '../../domain/auth/auth-emails';
import { config } from '../services';

/**
 * Cognito CustomMessage trigger: turns the bare codes into links, so users
 * confirm and reset with one click. Cognito replaces `{####}` with the code.
 */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const c = config();
  const email = event.request.userAttributes.email ?? '';
  const message = renderAuthEmail(event.triggerSource, {
    email,
    codePlaceholder: event.request.codeParameter,
    portalUrl: c.PORTAL_URL,
    portalApiUrl: c.PORTAL_API_URL,
  });
  if (message) {
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
};

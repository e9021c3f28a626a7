import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { renderAuthEmail } from '../../domain/auth/auth-emails';
import { loadLinkConfig } from '../../config/links';

const links = loadLinkConfig();

/**
 * Cognito CustomMessage trigger: turns the bare codes into links, so users
 * confirm and reset with one click. Cognito replaces `{####}` with the code.
 */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const email = event.request.userAttributes.email ?? '';
  const message = renderAuthEmail(event.triggerSource, {
    email,
    codePlaceholder: event.request.codeParameter,
    portalUrl: links.PORTAL_URL,
    portalApiUrl: links.PORTAL_API_URL,
  });
  if (message) {
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
  }
  return event;
};

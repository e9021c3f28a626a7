import type { CustomMessageTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { LANGUAGES } from '../../../profiles/contracts/profile';
import { renderAuthEmail } from '../../domain/auth/auth-emails';
import { loadLinkConfig } from '../../../../kernel/config/links';

const links = loadLinkConfig();

/** The portal sends its interface language as client metadata; anything else (or nothing) falls back to English. */
const languageOf = (metadata: unknown) => z.object({ language: z.enum(LANGUAGES) }).safeParse(metadata).data?.language ?? 'en';

/**
 * Cognito CustomMessage trigger: turns the bare codes into links, so users
 * confirm and reset with one click, in the language the portal was shown in
 * (the user has no profile yet). Cognito replaces `{####}` with the code.
 */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const email = event.request.userAttributes.email ?? '';
  const message = renderAuthEmail(event.triggerSource, {
    email,
    language: languageOf(event.request.clientMetadata),
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

import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { logger } from '../../../../kernel/http/logging';
import { emailChangeNotices } from '../../wiring/email-changes';

/** Cognito waits 5 s for a trigger and fails the sign-in after: the notice gets well under that. */
const BUDGET_MS = 3000;

/**
 * Cognito's pre token generation trigger, on every sign-in and token
 * refresh. Tokens carry the address only once a new one is verified, so
 * this is where an address change shows: the old address gets a security
 * notice. The tokens themselves are left as they are, and nothing here can
 * fail a sign-in: a notice that fails is logged and tried at the next issue.
 */
export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  const { sub, email } = event.request.userAttributes;
  if (!sub) return event;
  let timer: NodeJS.Timeout | undefined;
  try {
    const outcome = await Promise.race([
      emailChangeNotices().observe(sub, email),
      new Promise<'over budget'>((resolve) => {
        timer = setTimeout(() => resolve('over budget'), BUDGET_MS);
      }),
    ]);
    if (outcome === 'sent' || outcome === 'over budget') logger.info('e-mail change notice', { outcome, trigger: event.triggerSource });
  } catch (error) {
    logger.warn('e-mail change notice not sent', { error, trigger: event.triggerSource });
  } finally {
    clearTimeout(timer);
  }
  return event;
};

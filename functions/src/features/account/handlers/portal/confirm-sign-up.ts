import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CognitoSignUpConfirmation, type ConfirmationOutcome } from '../../adapters/cognito/sign-up-confirmation';
import { logger } from '../../../../kernel/http/logging';
import { redirect } from '../../../../kernel/http/responses';
import { configOf } from '../../../../kernel/wiring/shared';

const env = configOf('AWS_REGION', 'PORTAL_URL', 'USER_POOL_CLIENT_ID');

let confirmation: CognitoSignUpConfirmation | undefined;

/**
 * How long the user pool may take before the link gives up: well inside the
 * function's 10 s, so a pool that hangs still ends in a redirect, not a 5xx.
 */
const CONFIRM_WAIT_MS = 6_000;

type Outcome = ConfirmationOutcome | 'unavailable';

/**
 * The link in the verification e-mail lands here: it confirms the account
 * and sends the browser to the sign-in screen with the outcome. It always
 * redirects: a person who clicked a link in an e-mail must land on a page
 * that says what happened, even when the user pool cannot be reached.
 */
export const handler = async (event: { queryStringParameters: Record<string, string | undefined> | null }) => {
  const c = env;
  const email = event.queryStringParameters?.email?.trim();
  const code = event.queryStringParameters?.code?.trim();
  const login = new URL('/login', c.PORTAL_URL);
  if (!email || !code) {
    login.searchParams.set('verify_error', 'invalid');
    return redirect(login.toString());
  }
  const outcome = await confirm(email, code);
  if (outcome === 'confirmed' || outcome === 'already-confirmed') {
    login.searchParams.set('verified', '1');
  } else {
    // The address lets the sign-in page offer a fresh link in one click.
    login.searchParams.set('verify_error', outcome);
    login.searchParams.set('email', email);
  }
  return redirect(login.toString());
};

async function confirm(email: string, code: string): Promise<Outcome> {
  try {
    const c = env;
    confirmation ??= new CognitoSignUpConfirmation(new CognitoIdentityProviderClient({ region: c.AWS_REGION }), c.USER_POOL_CLIENT_ID);
    return await confirmation.confirm(email, code, AbortSignal.timeout(CONFIRM_WAIT_MS));
  } catch (error) {
    // The code may still be good: the login page asks to open the link again later.
    logger.error('unexpected error', error instanceof Error ? error : String(error));
    return 'unavailable';
  }
}

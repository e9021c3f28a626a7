import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CognitoSignUpConfirmation } from '../../adapters/cognito/sign-up-confirmation';
import { redirect } from '../../http/responses';
import { config } from '../wiring/shared';

let confirmation: CognitoSignUpConfirmation | undefined;

/**
 * The link in the verification e-mail lands here: it confirms the account
 * and sends the browser to the sign-in screen with the outcome.
 */
export const handler = async (event: { queryStringParameters: Record<string, string | undefined> | null }) => {
  const c = config();
  confirmation ??= new CognitoSignUpConfirmation(new CognitoIdentityProviderClient({ region: c.AWS_REGION }), c.USER_POOL_CLIENT_ID);
  const email = event.queryStringParameters?.email?.trim();
  const code = event.queryStringParameters?.code?.trim();
  const login = new URL('/login', c.PORTAL_URL);
  if (!email || !code) {
    login.searchParams.set('verify_error', 'invalid');
    return redirect(login.toString());
  }
  const outcome = await confirmation.confirm(email, code);
  if (outcome === 'confirmed' || outcome === 'already-confirmed') {
    login.searchParams.set('verified', '1');
  } else {
    // The address lets the sign-in page offer a fresh link in one click.
    login.searchParams.set('verify_error', outcome);
    login.searchParams.set('email', email);
  }
  return redirect(login.toString());
};

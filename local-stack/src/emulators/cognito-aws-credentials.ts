/**
 * Sign-up and password change as Cognito answers them: the pool's password
 * policy enforced, the API's parameter rules, an existing account refused,
 * and the limit on wrong current passwords. Sign-in is in
 * `cognito-aws-sign-in.ts`.
 */
import { accessTokenClaims, errors, text, cognitoError, type AwsTargetContext, type Route } from './cognito-aws-common';
import { passwordParameterProblem, policyBreach, policyMessage } from './cognito-password-rules';

function requireValidPassword(value: unknown, member: string): void {
  const problem = passwordParameterProblem(value, member, true);
  if (problem) throw errors.invalidParameter(problem);
}

export function credentialTargets({ services, limits, next }: AwsTargetContext): Record<string, Route> {
  return {
    SignUp: async (ctx, req) => {
      requireValidPassword(req.Password, 'password');
      const pool = await services.cognito.getUserPoolForClientId(ctx, text(req.ClientId));
      const breach = policyBreach(text(req.Password), pool.options.Policies?.PasswordPolicy);
      if (breach) throw errors.invalidPassword(policyMessage(breach, 'SignUp'));
      if (await pool.getUserByUsername(ctx, text(req.Username))) {
        const byEmail = pool.options.UsernameAttributes?.includes('email') ?? false;
        throw cognitoError('UsernameExistsException', byEmail ? 'An account with the given email already exists.' : 'User already exists');
      }
      return next('SignUp')(ctx, req);
    },

    ChangePassword: async (ctx, req) => {
      requireValidPassword(req.PreviousPassword, 'previousPassword');
      requireValidPassword(req.ProposedPassword, 'proposedPassword');
      const claims = accessTokenClaims(req.AccessToken);
      const pool = await services.cognito.getUserPoolForClientId(ctx, claims.clientId);
      const user = await pool.getUserByUsername(ctx, claims.username);
      if (!user) throw cognitoError('NotAuthorizedException', 'Access Token has been revoked');
      // Once the allowance of wrong current passwords is spent, even the right one waits.
      if (!limits.allows('currentPassword', user.Username)) throw errors.limitExceeded();
      if (user.Password !== req.PreviousPassword) {
        limits.count('currentPassword', user.Username);
        throw errors.incorrectCredentials();
      }
      const breach = policyBreach(text(req.ProposedPassword), pool.options.Policies?.PasswordPolicy);
      if (breach) throw errors.invalidPassword(policyMessage(breach, 'ChangePassword'));
      return next('ChangePassword')(ctx, req);
    },
  };
}

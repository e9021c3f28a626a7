/**
 * Password recovery and account confirmation as Cognito answers them. With
 * the app client's PreventUserExistenceErrors ENABLED, an unknown, disabled
 * or unverified user gets the same answer as a real one (a code "sent" to a
 * simulated destination, or a wrong-code error), so none of these calls
 * tells anyone whether an address has an account.
 */
import {
  attributeOf,
  deliveredTo,
  emailVerified,
  errors,
  hidesExistence,
  text,
  withAttribute,
  cognitoError,
  type AwsTargetContext,
  type Route,
} from './cognito-aws-common';
import { passwordParameterProblem, policyBreach, policyMessage } from './cognito-password-rules';

/** How long a password-reset code stays good (Cognito: one hour). */
const RESET_CODE_LIFETIME_MS = 3_600_000;

function requireCode(value: unknown): void {
  if (!/^[\S]+$/u.test(text(value))) {
    throw errors.invalidParameter("1 validation error detected: Value at 'confirmationCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\S]+");
  }
}

export function recoveryTargets({ services, limits, next }: AwsTargetContext): Record<string, Route> {
  /** When each user's reset code was sent; a code the emulator did not see sent (a restart) is taken as fresh. */
  const resetCodeSentAt = new Map<string, number>();
  const now = () => services.clock.get().getTime();

  return {
    ForgotPassword: async (ctx, req) => {
      const clientId = text(req.ClientId);
      const username = text(req.Username);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, username);
      // Counted under the name asked for when there is no such user: unknown addresses are limited alike.
      if (!limits.take('passwordReset', user?.Username ?? username)) throw errors.limitExceeded();
      const reachable = user && user.Enabled !== false && emailVerified(user);
      if (!reachable) {
        if (await hidesExistence(services, ctx, clientId)) return deliveredTo(username);
        if (!user) throw errors.userNotFound();
        if (user.Enabled === false) throw cognitoError('NotAuthorizedException', 'User is disabled.');
        throw errors.invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      await next('ForgotPassword')(ctx, req);
      resetCodeSentAt.set(user.Username, now());
      return deliveredTo(attributeOf(user, 'email') ?? username);
    },

    ConfirmForgotPassword: async (ctx, req) => {
      const problem = passwordParameterProblem(req.Password, 'password', true);
      if (problem) throw errors.invalidParameter(problem);
      requireCode(req.ConfirmationCode);
      const clientId = text(req.ClientId);
      const username = text(req.Username);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (!limits.take('passwordReset', user?.Username ?? username)) throw errors.limitExceeded();
      if (!user || user.Enabled === false) {
        if (await hidesExistence(services, ctx, clientId)) throw errors.codeMismatch();
        throw user ? cognitoError('NotAuthorizedException', 'User is disabled.') : errors.userNotFound();
      }
      const sentAt = resetCodeSentAt.get(user.Username);
      if (!user.ConfirmationCode || (sentAt !== undefined && now() - sentAt > RESET_CODE_LIFETIME_MS)) throw errors.expiredCode();
      if (user.ConfirmationCode !== req.ConfirmationCode) throw errors.codeMismatch();
      // The code stays good when the new password is refused: the user may try another.
      const breach = policyBreach(text(req.Password), pool.options.Policies?.PasswordPolicy);
      if (breach) throw errors.invalidPassword(policyMessage(breach, 'ConfirmForgotPassword'));
      const out = await next('ConfirmForgotPassword')(ctx, req);
      resetCodeSentAt.delete(user.Username);
      return out;
    },

    ResendConfirmationCode: async (ctx, req) => {
      const clientId = text(req.ClientId);
      const username = text(req.Username);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (!limits.take('resendCode', user?.Username ?? username)) throw errors.limitExceeded();
      if (!user) {
        if (await hidesExistence(services, ctx, clientId)) return deliveredTo(username);
        throw errors.userNotFound();
      }
      await next('ResendConfirmationCode')(ctx, req);
      return deliveredTo(attributeOf(user, 'email') ?? username);
    },

    ConfirmSignUp: async (ctx, req) => {
      requireCode(req.ConfirmationCode);
      const clientId = text(req.ClientId);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, text(req.Username));
      if (!user) throw (await hidesExistence(services, ctx, clientId)) ? errors.codeMismatch() : errors.userNotFound();
      if (user.UserStatus === 'CONFIRMED') throw cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
      if (!user.ConfirmationCode) throw errors.expiredCode();
      if (user.ConfirmationCode !== req.ConfirmationCode) throw errors.codeMismatch();
      const out = await next('ConfirmSignUp')(ctx, req);
      // Confirming with the code that went to the address proves the address, as Cognito records it.
      if (pool.options.AutoVerifiedAttributes?.includes('email')) {
        const confirmed = await pool.getUserByUsername(ctx, user.Username);
        if (confirmed) await pool.saveUser(ctx, { ...confirmed, Attributes: withAttribute(confirmed.Attributes, 'email_verified', 'true') });
      }
      return out;
    },
  };
}

/**
 * Cognito calls that the real clients make and cognito-local lacks, written
 * with cognito-local's own services so they behave like its other targets.
 */
import { InvalidParameterError, selectAppropriateDeliveryMethod, UserNotFoundError } from './cognito-local-internals';

export type Route = (ctx: unknown, req: Record<string, unknown>) => Promise<Record<string, unknown>>;

interface StoredUser {
  Username: string;
  UserStatus?: string;
  Attributes?: { Name: string; Value?: string }[];
}

interface PoolService {
  options: { Id: string; AutoVerifiedAttributes?: string[] };
  getUserByUsername(ctx: unknown, username: string): Promise<StoredUser | null>;
  saveUser(ctx: unknown, user: StoredUser & Record<string, unknown>): Promise<void>;
}

export interface ExtraTargetServices {
  clock: { get(): Date };
  cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<PoolService> };
  messages: {
    deliver(
      ctx: unknown,
      source: string,
      clientId: string,
      poolId: string,
      user: StoredUser,
      code: string,
      metadata: unknown,
      details: unknown,
    ): Promise<void>;
  };
  otp: () => string;
}

export function extraTargets(services: ExtraTargetServices, base: (target: string) => Route): Record<string, Route> {
  return {
    /** Amplify 6 refreshes tokens with this call; cognito-local knows it as REFRESH_TOKEN_AUTH. */
    GetTokensFromRefreshToken: async (ctx, req) => {
      const out = await base('InitiateAuth')(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      });
      const result = out.AuthenticationResult as Record<string, unknown> | undefined;
      return { AuthenticationResult: { ...result, RefreshToken: result?.RefreshToken ?? req.RefreshToken } };
    },

    /** A new sign-up code (and so a new verification link) for an unconfirmed user. */
    ResendConfirmationCode: async (ctx, req) => {
      const clientId = String(req.ClientId);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, String(req.Username));
      if (!user) throw new UserNotFoundError();
      if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const details = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user as never);
      const code = services.otp();
      await services.messages.deliver(ctx, 'ResendCode', clientId, pool.options.Id, user, code, req.ClientMetadata, details);
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
      return { CodeDeliveryDetails: details ?? undefined };
    },
  };
}

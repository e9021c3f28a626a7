/**
 * What the emulator's AWS-faithful targets share: Cognito's own error codes
 * and messages, the pool and app client as cognito-local stores them, and
 * the rules of "prevent user existence errors".
 */
import { CognitoError } from './cognito-local-internals';
import type { AttemptLimits } from './cognito-attempt-limits';
import type { PasswordPolicy } from './cognito-password-rules';

export type Route = (ctx: unknown, req: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface Attribute {
  Name: string;
  Value?: string;
}

export interface StoredUser {
  Username: string;
  UserStatus?: string;
  Enabled?: boolean;
  Password?: string;
  ConfirmationCode?: string;
  Attributes?: Attribute[];
  /** Software-token MFA, in the fields cognito-local's GetUser reads (`LastUsedStep` is ours: a code once used is refused). */
  SoftwareTokenMfaConfiguration?: { Secret: string; Verified: boolean; FriendlyDeviceName?: string; LastUsedStep?: number };
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
  /** A secret handed out by AssociateSoftwareToken and not verified yet. */
  PendingSoftwareToken?: string;
}

export interface PoolService {
  options: {
    Id: string;
    UsernameAttributes?: string[];
    AutoVerifiedAttributes?: string[];
    Policies?: { PasswordPolicy?: PasswordPolicy };
    MfaConfiguration?: string;
  };
  getUserByUsername(ctx: unknown, username: string): Promise<StoredUser | null>;
  saveUser(ctx: unknown, user: StoredUser & Record<string, unknown>): Promise<void>;
}

export interface AwsTargetServices {
  clock: { get(): Date };
  cognito: {
    getUserPoolForClientId(ctx: unknown, clientId: string): Promise<PoolService>;
    getAppClient(ctx: unknown, clientId: string): Promise<{ PreventUserExistenceErrors?: string; ExplicitAuthFlows?: string[] } | null>;
  };
}

export interface AwsTargetContext {
  services: AwsTargetServices;
  limits: AttemptLimits;
  /** The target as cognito-local (or our additions) would answer it. */
  next: (target: string) => Route;
}

/** Cognito's error shape: the server answers 400 with `__type` set to the code. */
export const cognitoError = (code: string, message: string): CognitoError => new CognitoError(code, message);

export const errors = {
  incorrectCredentials: () => cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
  userNotFound: () => cognitoError('UserNotFoundException', 'Username/client id combination not found.'),
  codeMismatch: () => cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  expiredCode: () => cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  limitExceeded: () => cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  invalidParameter: (message: string) => cognitoError('InvalidParameterException', message),
  invalidPassword: (message: string) => cognitoError('InvalidPasswordException', message),
};

export const attributeOf = (user: StoredUser, name: string): string | undefined => user.Attributes?.find((a) => a.Name === name)?.Value;

/** The attributes with one set (or replaced). */
export const withAttribute = (attributes: readonly Attribute[] | undefined, name: string, value: string): Attribute[] => [
  ...(attributes ?? []).filter((a) => a.Name !== name),
  { Name: name, Value: value },
];

/**
 * Whether codes may go to the user's address. Accounts confirmed before the
 * emulator recorded `email_verified` on confirmation count as verified.
 */
export function emailVerified(user: StoredUser): boolean {
  if (!attributeOf(user, 'email')) return false;
  const flag = attributeOf(user, 'email_verified');
  return flag === undefined ? user.UserStatus === 'CONFIRMED' : flag === 'true';
}

/** A destination as Cognito shows it in CodeDeliveryDetails: `a***@e***`. */
export function maskedDestination(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1) || 'x'}***@${domain.slice(0, 1) || 'x'}***`;
}

/** A code sent, as Cognito answers it: to a real address, or (existence hidden) to one it simulates from the name asked for. */
export const deliveredTo = (address: string) => ({
  CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskedDestination(address) },
});

/** The app client's "prevent user existence errors" setting, as provisioned from the shared definition. */
export async function hidesExistence(services: AwsTargetServices, ctx: unknown, clientId: string): Promise<boolean> {
  return (await services.cognito.getAppClient(ctx, clientId))?.PreventUserExistenceErrors === 'ENABLED';
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The claims of an access token, read as cognito-local reads them (it signed the token itself). */
export function accessTokenClaims(token: unknown): { clientId: string; username: string } {
  const payload = text(token).split('.')[1] ?? '';
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return { clientId: text(claims.client_id), username: text(claims.username) };
  } catch {
    throw errors.invalidParameter('Invalid access token.');
  }
}

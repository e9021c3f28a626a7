/**
 * The two checks Cognito makes of a password it is asked to set, in its own
 * words: first the API's parameter constraints (a 400
 * InvalidParameterException before anything is read), then the user pool's
 * password policy (InvalidPasswordException).
 */

/** A user pool's `Policies.PasswordPolicy`, as CreateUserPool stored it. */
export interface PasswordPolicy {
  MinimumLength?: number;
  RequireUppercase?: boolean;
  RequireLowercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

/** What Cognito applies to a pool created without a policy. */
export const COGNITO_DEFAULT_POLICY: Required<PasswordPolicy> = {
  MinimumLength: 8,
  RequireUppercase: true,
  RequireLowercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
};

/** The password fields' constraints in the API reference: at most 256 characters, no white space at either end. */
const MAX_LENGTH = 256;
const PATTERN = /^[\S]+.*[\S]+$/u;
/** The characters Cognito counts as symbols; a space inside the password counts too. */
const SYMBOLS = new Set([...'^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ']);

/**
 * The API's own validation message for a sensitive member: the value is
 * never echoed. Null when the value is acceptable as a parameter.
 */
export function passwordParameterProblem(value: unknown, member: string, required: boolean): string | null {
  const prefix = '1 validation error detected:';
  if (value === undefined || value === null) {
    return required ? `${prefix} Value null at '${member}' failed to satisfy constraint: Member must not be null` : null;
  }
  if (typeof value !== 'string') return `${prefix} Value at '${member}' failed to satisfy constraint: Member must be a string`;
  if ([...value].length > MAX_LENGTH) return `${prefix} Value at '${member}' failed to satisfy constraint: Member must have length less than or equal to ${MAX_LENGTH}`;
  if (!PATTERN.test(value)) return `${prefix} Value at '${member}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`;
  return null;
}

/** The first rule of the policy the password breaks, worded as Cognito words it; null when it conforms. */
export function policyBreach(password: string, policy: PasswordPolicy | undefined): string | null {
  // A pool without a policy gets Cognito's default; a rule a given policy leaves out is off.
  const rules: Required<PasswordPolicy> = policy
    ? {
        MinimumLength: policy.MinimumLength ?? COGNITO_DEFAULT_POLICY.MinimumLength,
        RequireUppercase: policy.RequireUppercase ?? false,
        RequireLowercase: policy.RequireLowercase ?? false,
        RequireNumbers: policy.RequireNumbers ?? false,
        RequireSymbols: policy.RequireSymbols ?? false,
      }
    : COGNITO_DEFAULT_POLICY;
  const characters = [...password];
  if (characters.length < rules.MinimumLength) return 'Password not long enough';
  if (rules.RequireLowercase && !characters.some((c) => /\p{Ll}/u.test(c))) return 'Password must have lowercase characters';
  if (rules.RequireUppercase && !characters.some((c) => /\p{Lu}/u.test(c))) return 'Password must have uppercase characters';
  if (rules.RequireNumbers && !characters.some((c) => /[0-9]/.test(c))) return 'Password must have numeric characters';
  if (rules.RequireSymbols && !characters.some((c) => SYMBOLS.has(c))) return 'Password must have symbol characters';
  return null;
}

/**
 * InvalidPasswordException's message: SignUp says "did not conform with",
 * the calls that change an existing password say "does not conform to".
 */
export function policyMessage(breach: string, operation: 'SignUp' | 'ChangePassword' | 'ConfirmForgotPassword'): string {
  return operation === 'SignUp' ? `Password did not conform with policy: ${breach}` : `Password does not conform to policy: ${breach}`;
}

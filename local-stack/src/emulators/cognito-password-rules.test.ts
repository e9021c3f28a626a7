import { userPool } from '@frameforge/functions/kernel/contracts/resources';
import { COGNITO_DEFAULT_POLICY, passwordParameterProblem, policyBreach, policyMessage } from './cognito-password-rules';

const productPolicy = {
  MinimumLength: userPool.passwordPolicy.minimumLength,
  RequireLowercase: userPool.passwordPolicy.requireLowercase,
  RequireUppercase: userPool.passwordPolicy.requireUppercase,
  RequireNumbers: userPool.passwordPolicy.requireNumbers,
  RequireSymbols: userPool.passwordPolicy.requireSymbols,
};

describe('the password policy, as Cognito applies it', () => {
  it("holds the product's pool to at least 6 characters of any kind", () => {
    expect(policyBreach('abcde', productPolicy)).toBe('Password not long enough');
    expect(policyBreach('abcdef', productPolicy)).toBeNull();
    expect(policyBreach('123456', productPolicy)).toBeNull();
    // Characters, not UTF-16 units: five emoji are five characters.
    expect(policyBreach('😀😀😀😀😀', productPolicy)).toBe('Password not long enough');
  });

  it("applies Cognito's default policy to a pool without one, rule by rule", () => {
    expect(policyBreach('Ab1!', undefined)).toBe('Password not long enough');
    expect(policyBreach('ABCDEFG1!', undefined)).toBe('Password must have lowercase characters');
    expect(policyBreach('abcdefg1!', undefined)).toBe('Password must have uppercase characters');
    expect(policyBreach('Abcdefgh!', undefined)).toBe('Password must have numeric characters');
    expect(policyBreach('Abcdefgh1', undefined)).toBe('Password must have symbol characters');
    expect(policyBreach('Abcd efg1', undefined)).toBeNull();
    expect(COGNITO_DEFAULT_POLICY.MinimumLength).toBe(8);
  });

  it('turns off the rules a given policy leaves out', () => {
    expect(policyBreach('abcdefgh', { MinimumLength: 8 })).toBeNull();
    expect(policyBreach('abcdefgh', { RequireNumbers: true })).toBe('Password must have numeric characters');
  });

  it("words the refusal as each operation does", () => {
    expect(policyMessage('Password not long enough', 'SignUp')).toBe('Password did not conform with policy: Password not long enough');
    expect(policyMessage('Password not long enough', 'ChangePassword')).toBe('Password does not conform to policy: Password not long enough');
  });
});

describe("the API's parameter rules for passwords", () => {
  it('refuses white space at either end, one character, more than 256, and a missing value, never echoing it', () => {
    for (const value of [' secret-one', 'secret-two ', 'Q', 'z'.repeat(257)]) {
      const problem = passwordParameterProblem(value, 'password', true);
      expect(problem).toMatch(/^1 validation error detected: Value at 'password' failed to satisfy constraint: Member must/);
      expect(problem).not.toContain(value.trim());
    }
    expect(passwordParameterProblem(undefined, 'password', true)).toBe("1 validation error detected: Value null at 'password' failed to satisfy constraint: Member must not be null");
    expect(passwordParameterProblem(undefined, 'password', false)).toBeNull();
  });

  it('accepts inner spaces and anything else printable', () => {
    expect(passwordParameterProblem('two words', 'password', true)).toBeNull();
    expect(passwordParameterProblem('пароль!', 'proposedPassword', true)).toBeNull();
  });
});

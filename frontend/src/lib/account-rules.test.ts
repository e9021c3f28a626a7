import { isEmailShaped, usernameFromEmail } from './account-rules';

describe('isEmailShaped', () => {
  it('accepts ordinary addresses and trims', () => {
    expect(isEmailShaped('first.last+tag@sub.example.co')).toBe(true);
    expect(isEmailShaped(' dev@example.com ')).toBe(true);
    expect(isEmailShaped('dev @example.com')).toBe(false);
    expect(isEmailShaped('@example.com')).toBe(false);
  });
});

describe('usernameFromEmail', () => {
  it('takes the part before the at-sign', () => {
    expect(usernameFromEmail('jane.doe@example.com')).toBe('jane.doe');
    expect(usernameFromEmail('nobody')).toBe('nobody');
  });
});

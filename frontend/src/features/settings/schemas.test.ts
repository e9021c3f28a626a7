import { MAX_PICTURE_BYTES } from '@frameforge/functions/features/profiles/contracts/profile';
import { emailFormSchema, firstValidationKey, passwordFormSchema, pictureFileProblem, preferencesFormSchema, profileFormSchema } from './schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('profileFormSchema', () => {
  it('trims the username and requires something', () => {
    expect(profileFormSchema.parse({ username: '  ada  ' })).toEqual({ username: 'ada' });
    expect(messagesOf(profileFormSchema.safeParse({ username: '   ' }))).toEqual(['usernameRequired']);
  });

  it('allows 50 characters, as the server does, and no more', () => {
    expect(profileFormSchema.safeParse({ username: 'a'.repeat(50) }).success).toBe(true);
    expect(messagesOf(profileFormSchema.safeParse({ username: 'a'.repeat(51) }))).toEqual(['usernameTooLong']);
  });

  it.each([
    ['NUL', 'ada\u0000'],
    ['a C1 control', 'a\u009bda'],
    ['a right-to-left override', '\u202Eada'],
    ['a bidi isolate', '\u2067ada\u2069'],
    ['markup', '<b>ada</b>'],
  ])('refuses a username with %s, as the server does', (_, username) => {
    expect(messagesOf(profileFormSchema.safeParse({ username }))).toEqual(['usernameUnsafe']);
  });

  it('keeps usernames in any script', () => {
    expect(profileFormSchema.parse({ username: 'أحمد 👋' })).toEqual({ username: 'أحمد 👋' });
  });
});

describe('emailFormSchema', () => {
  const schema = emailFormSchema('old@example.com');

  it('requires an e-mail-shaped address and trims it', () => {
    expect(messagesOf(schema.safeParse({ newEmail: '  ' }))).toContain('emailRequired');
    expect(messagesOf(schema.safeParse({ newEmail: 'not-an-address' }))).toEqual(['emailInvalid']);
    expect(schema.parse({ newEmail: ' new@example.com ' })).toEqual({ newEmail: 'new@example.com' });
  });

  it('refuses the address already in use, whatever its case', () => {
    expect(messagesOf(schema.safeParse({ newEmail: 'OLD@example.com' }))).toEqual(['emailUnchanged']);
  });
});

describe('passwordFormSchema', () => {
  const values = (currentPassword: string, newPassword: string, confirmPassword: string) => ({ currentPassword, newPassword, confirmPassword });

  it('accepts matching passwords of at least 6 characters', () => {
    expect(passwordFormSchema.safeParse(values('old-pass', 'sixsix', 'sixsix')).success).toBe(true);
  });

  it("says 'Passwords do not match' before anything about the length", () => {
    expect(messagesOf(passwordFormSchema.safeParse(values('old-pass', 'abc', 'abd')))).toEqual(['passwordsDoNotMatch']);
  });

  it('then requires 6 characters', () => {
    expect(messagesOf(passwordFormSchema.safeParse(values('old-pass', 'five5', 'five5')))).toEqual(['passwordTooShort']);
  });

  it('requires all three fields', () => {
    const messages = messagesOf(passwordFormSchema.safeParse(values('', '', '')));
    expect(messages).toEqual(expect.arrayContaining(['currentPasswordRequired', 'newPasswordRequired', 'confirmPasswordRequired']));
  });
});

describe('preferencesFormSchema', () => {
  const defaults = { email_notifications: true, api_usage_alerts: true, marketing_emails: false, language: 'en', timezone: 'UTC' };

  it('takes the five values PUT /preferences takes', () => {
    expect(preferencesFormSchema.parse({ ...defaults, language: 'ar', timezone: 'Asia/Tokyo' })).toEqual({ ...defaults, language: 'ar', timezone: 'Asia/Tokyo' });
  });

  it('refuses languages and timezones the portal does not offer', () => {
    expect(preferencesFormSchema.safeParse({ ...defaults, language: 'fr' }).success).toBe(false);
    expect(preferencesFormSchema.safeParse({ ...defaults, timezone: 'Europe/Rome' }).success).toBe(false);
  });
});

describe('pictureFileProblem', () => {
  it('accepts any image type up to exactly 5*1024*1024 bytes', () => {
    expect(pictureFileProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(pictureFileProblem({ type: 'image/gif', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it("refuses other types with 'Please upload an image file'", () => {
    expect(pictureFileProblem({ type: 'application/pdf', size: 10 })).toBe('notAnImage');
    expect(pictureFileProblem({ type: '', size: 10 })).toBe('notAnImage');
  });

  it("refuses one byte more with 'Image size must be less than 5MB'", () => {
    expect(pictureFileProblem({ type: 'image/jpeg', size: MAX_PICTURE_BYTES + 1 })).toBe('imageTooLarge');
  });

  it('reports the type first when both rules fail', () => {
    expect(pictureFileProblem({ type: 'text/plain', size: MAX_PICTURE_BYTES * 2 })).toBe('notAnImage');
  });
});

describe('firstValidationKey', () => {
  it('picks the first message in the spec order, whatever the field order', () => {
    expect(firstValidationKey({ confirmPassword: { message: 'passwordsDoNotMatch' }, currentPassword: { message: 'currentPasswordRequired' } })).toBe('currentPasswordRequired');
  });

  it('ignores messages that are not validation keys', () => {
    expect(firstValidationKey({ username: { message: 'something else' }, other: undefined })).toBeNull();
  });
});

import { avatarInitial, defaultProfile, displayName } from './profile-display';

describe('displayName', () => {
  it('prefers the saved username', () => {
    expect(displayName('Ada', 'ada.lovelace@example.com')).toBe('Ada');
  });

  it('falls back to the part of the e-mail before the at-sign', () => {
    expect(displayName(null, 'ada.lovelace@example.com')).toBe('ada.lovelace');
    expect(displayName('   ', 'dev@example.com')).toBe('dev');
  });
});

describe('avatarInitial', () => {
  it('is the first letter, upper case, whole even outside the basic plane', () => {
    expect(avatarInitial('ada')).toBe('A');
    expect(avatarInitial('  émile')).toBe('É');
    expect(avatarInitial('𝒜lice')).toBe('𝒜');
    expect(avatarInitial('')).toBe('?');
  });
});

describe('defaultProfile', () => {
  it('holds the spec defaults', () => {
    expect(defaultProfile('u1', 'dev@example.com')).toMatchObject({
      email_notifications: true,
      api_usage_alerts: true,
      marketing_emails: false,
      language: 'en',
      timezone: 'UTC',
      username: null,
      profile_picture_url: null,
      updated_at: null,
    });
  });
});

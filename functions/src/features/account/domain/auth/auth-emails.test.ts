import { renderAuthEmail } from './auth-emails';

const ctx = {
  email: 'dev+1@example.com',
  codePlaceholder: '{####}',
  portalUrl: 'https://portal.example.com',
  portalApiUrl: 'https://api.example.com/prod/',
};

describe('auth e-mails', () => {
  it('links sign-up confirmation to the portal API with the e-mail encoded and the placeholder once', () => {
    const mail = renderAuthEmail('CustomMessage_SignUp', ctx);
    expect(mail?.html).toContain('https://api.example.com/prod/auth/confirm?email=dev%2B1%40example.com&code={####}');
    expect(mail?.html.split('{####}')).toHaveLength(2);
  });

  it('links the password reset to the portal reset page', () => {
    const mail = renderAuthEmail('CustomMessage_ForgotPassword', ctx);
    expect(mail?.html).toContain('https://portal.example.com/reset-password?email=dev%2B1%40example.com&code={####}');
  });

  it('links a new address to the signed-in settings page, where the page confirms it', () => {
    const mail = renderAuthEmail('CustomMessage_UpdateUserAttribute', ctx);
    expect(mail?.html).toContain('https://portal.example.com/settings?verify_email={####}');
  });

  it('leaves other messages to Cognito', () => {
    expect(renderAuthEmail('CustomMessage_Authentication', ctx)).toBeUndefined();
  });
});

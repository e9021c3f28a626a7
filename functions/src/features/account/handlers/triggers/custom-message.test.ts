import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { EMAIL_TEXTS } from '../../../notifications/domain/texts';

type Handler = (event: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>;
let handler: Handler;

beforeAll(async () => {
  // The trigger reads its links once, when it loads.
  process.env.PORTAL_URL = 'https://portal.example.com';
  process.env.PORTAL_API_URL = 'https://api.example.com/prod/';
  ({ handler } = await import('./custom-message'));
});

function signUpEvent(clientMetadata?: Record<string, string>): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'pool',
    userName: 'user-1',
    triggerSource: 'CustomMessage_SignUp',
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    request: { userAttributes: { email: 'new@example.com' }, codeParameter: '{####}', usernameParameter: null, linkParameter: '{##Click##}', clientMetadata },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}

describe('the CustomMessage trigger picks the language the portal sent', () => {
  it.each(['it', 'de', 'hr', 'ru', 'ar'] as const)('writes the verification e-mail in %s', async (language) => {
    const out = await handler(signUpEvent({ language }));
    expect(out.response.emailSubject).toBe(EMAIL_TEXTS[language].auth.verify.subject);
    expect(out.response.emailMessage).toContain(`lang="${language}"`);
    expect(out.response.emailMessage).toContain('https://api.example.com/prod/auth/confirm?email=new%40example.com&code={####}');
  });

  it.each([['no metadata', undefined], ['an unknown language', { language: 'fr' }], ['other metadata only', { source: 'portal' }]])(
    'falls back to English with %s',
    async (_case, metadata) => {
      const out = await handler(signUpEvent(metadata));
      expect(out.response.emailSubject).toBe(EMAIL_TEXTS.en.auth.verify.subject);
      expect(out.response.emailMessage).toMatch(/^<div lang="en" dir="ltr"/);
    },
  );
});

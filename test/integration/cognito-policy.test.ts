import {
  AdminDeleteUserCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { userPool } from '@frameforge/functions/kernel/contracts/resources';
import { EMAIL_TEXTS } from '@frameforge/functions/features/notifications/domain/texts/index';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { srpSignIn } from '@frameforge/local-stack/srp-sign-in';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const services = testServices();
const { userPoolId, userPoolClientId: ClientId } = services.resources;
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: services.cognito, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

const address = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

interface Refusal {
  name: string;
  message: string;
  status: number | undefined;
}

/** The error Cognito answered with, as the SDK (and so Amplify) reads it. */
async function refusal(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    const e = error as Error & { $metadata?: { httpStatusCode?: number } };
    return { name: e.name, message: e.message, status: e.$metadata?.httpStatusCode };
  }
  throw new Error('The call was expected to be refused');
}

/** Sign-in as the portal makes it: USER_SRP_AUTH, then PASSWORD_VERIFIER. */
const signIn = (email: string, password: string) => srpSignIn(cognito, { userPoolId, clientId: ClientId, username: email, password });
const signUp = (email: string, password: string) =>
  cognito.send(new SignUpCommand({ ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
const forgot = (email: string) => cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));

describe('the local user pool is provisioned from the shared definition', () => {
  it('holds the password policy and hides whether users exist', async () => {
    const pool = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
    expect(pool.UserPool?.Policies?.PasswordPolicy?.MinimumLength).toBe(userPool.passwordPolicy.minimumLength);
    const client = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId }));
    expect(client.UserPoolClient?.PreventUserExistenceErrors).toBe('ENABLED');
    // SRP only, as the AWS web client: no flow that sends the password itself.
    expect([...(client.UserPoolClient?.ExplicitAuthFlows ?? [])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
  });
});

describe('sign-up against the pool policy', () => {
  it("refuses a password shorter than the policy's minimum with InvalidPasswordException, and takes one of that length", async () => {
    const email = address('policy');
    expect(await refusal(signUp(email, 'abcde'))).toEqual({ name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough', status: 400 });
    expect(await refusal(signUp(email, 'abc'))).toMatchObject({ name: 'InvalidPasswordException' });
    await expect(signUp(email, 'abcdef')).resolves.toMatchObject({ UserConfirmed: false });
  });

  it("refuses white space at a password's ends as the API's parameter rule, before any policy", async () => {
    const refused = await refusal(signUp(address('spaces'), ' long enough '));
    expect(refused).toMatchObject({ name: 'InvalidParameterException', status: 400 });
    expect(refused.message).toMatch(/^1 validation error detected: Value at 'password' failed to satisfy constraint/);
  });

  it('refuses a second account for the same address with UsernameExistsException', async () => {
    const email = address('twice');
    await signUp(email, 'secret-pass');
    expect(await refusal(signUp(email, 'other-pass'))).toEqual({ name: 'UsernameExistsException', message: 'An account with the given email already exists.', status: 400 });
  });
});

describe('sign-in', () => {
  it('answers a wrong password, an unknown address and a deleted account with the same NotAuthorizedException', async () => {
    const user = await confirmedUser(endpoints, 'signin');
    const wrong = await refusal(signIn(user.email, 'not-the-password'));
    const unknown = await refusal(signIn(address('nobody'), 'secret-pass'));
    expect(wrong).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.', status: 400 });
    expect(unknown).toEqual(wrong);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: user.email }));
    expect(await refusal(signIn(user.email, 'secret-pass'))).toEqual(wrong);
  });

  it('refuses USER_PASSWORD_AUTH on the web client as Cognito refuses a flow the client does not enable, even with the right password', async () => {
    const user = await confirmedUser(endpoints, 'no-password-flow');
    const passwordFlow = cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: 'secret-pass' } }));
    expect(await refusal(passwordFlow)).toEqual({ name: 'InvalidParameterException', message: 'USER_PASSWORD_AUTH flow not enabled for this client', status: 400 });
    await expect(signIn(user.email, 'secret-pass')).resolves.toMatchObject({ IdToken: expect.any(String), RefreshToken: expect.any(String) });
  });

  it('locks an address out after five wrong passwords, the right one included, for a second at first', async () => {
    const user = await confirmedUser(endpoints, 'lockout');
    for (let i = 0; i < 5; i += 1) expect(await refusal(signIn(user.email, `wrong-${i}`))).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const lockedAt = Date.now();
    expect(await refusal(signIn(user.email, 'secret-pass'))).toEqual({ name: 'NotAuthorizedException', message: 'Password attempts exceeded', status: 400 });
    // A sign-in refused for the lockout does not count as a failure: trying again until one passes does not lengthen it.
    const tokens = await eventually(() => signIn(user.email, 'secret-pass'), { timeoutMs: 5_000, intervalMs: 200, what: 'a sign-in once the lockout ends' });
    expect(tokens).toMatchObject({ IdToken: expect.any(String) });
    expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(900);
  });

  it('tells an unconfirmed user with the right password to confirm first, and one with a wrong one nothing more', async () => {
    const email = address('unconfirmed');
    await signUp(email, 'secret-pass');
    expect(await refusal(signIn(email, 'secret-pass'))).toMatchObject({ name: 'UserNotConfirmedException' });
    expect(await refusal(signIn(email, 'wrong-pass'))).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });
});

describe('forgot password never tells whether an address has an account', () => {
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const user = await confirmedUser(endpoints, 'forgot');
    const stranger = address('stranger');
    const since = Date.now() - 1000;
    const unknownAnswer = await forgot(stranger);
    const knownAnswer = await forgot(user.email);
    const shape = (answer: typeof knownAnswer) => ({ ...answer.CodeDeliveryDetails, Destination: answer.CodeDeliveryDetails?.Destination?.replace(/[a-z0-9]/g, '?') });
    expect(shape(unknownAnswer)).toEqual(shape(knownAnswer));
    expect(knownAnswer.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'f***@e***' });
    await user.client.waitForMail(user.email, /reset/i, since);
    // Delivered in the order asked: with the known address's mail in, the stranger's would be too.
    const inbox = (await (await fetch(`${endpoints.inbox}/email`)).json()) as { to: { address: string }[] }[];
    expect(inbox.filter((mail) => mail.to.some((to) => to.address === stranger))).toEqual([]);
  });

  it('refuses a wrong code, an unknown user and a short password with Cognito codes; the code then still resets', async () => {
    const user = await confirmedUser(endpoints, 'confirm-reset');
    const since = Date.now() - 1000;
    await forgot(user.email);
    const code = new URL(LocalPortalClient.linkIn(await user.client.waitForMail(user.email, /reset/i, since))).searchParams.get('code') ?? '';
    const confirm = (email: string, confirmationCode: string, password: string) =>
      cognito.send(new ConfirmForgotPasswordCommand({ ClientId, Username: email, ConfirmationCode: confirmationCode, Password: password }));
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await refusal(confirm(user.email, wrongCode, 'new-secret'))).toEqual({ name: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.', status: 400 });
    expect(await refusal(confirm(address('ghost'), code, 'new-secret'))).toMatchObject({ name: 'CodeMismatchException' });
    expect(await refusal(confirm(user.email, code, 'short'))).toEqual({ name: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough', status: 400 });
    await confirm(user.email, code, 'new-secret');
    await expect(signIn(user.email, 'new-secret')).resolves.toMatchObject({ IdToken: expect.any(String) });
    expect(await refusal(confirm(user.email, code, 'newer-secret'))).toMatchObject({ name: 'ExpiredCodeException' });
  });

  it('limits reset requests per address with LimitExceededException, for unknown addresses alike', async () => {
    const stranger = address('flood');
    for (let i = 0; i < 5; i += 1) await forgot(stranger);
    expect(await refusal(forgot(stranger))).toEqual({ name: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.', status: 400 });
  });
});

describe('account e-mails in the language the portal sends as client metadata', () => {
  const exactly = (subject: string) => new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const mailFor = async (email: string, subject: string, since: number) =>
    (await LocalPortalClient.connect(endpoints)).waitForMail(email, exactly(subject), since);

  it('writes the sign-up e-mail in Croatian and the resent one in Arabic, right to left', async () => {
    const email = address('jezik');
    const since = Date.now() - 1000;
    await cognito.send(
      new SignUpCommand({ ClientId, Username: email, Password: 'secret-pass', UserAttributes: [{ Name: 'email', Value: email }], ClientMetadata: { language: 'hr' } }),
    );
    const croatian = await mailFor(email, EMAIL_TEXTS.hr.auth.verify.subject, since);
    expect(croatian.html).toMatch(/^<div lang="hr" dir="ltr"/);
    expect(croatian.html).toContain('Potvrdite ovu adresu');
    await cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: email, ClientMetadata: { language: 'ar' } }));
    const arabic = await mailFor(email, EMAIL_TEXTS.ar.auth.verify.subject, since);
    expect(arabic.html).toMatch(/^<div lang="ar" dir="rtl"/);
    // The link still confirms the account, whatever the language around it.
    expect(LocalPortalClient.linkIn(arabic)).toContain('/auth/confirm?');
  });

  it('writes the reset e-mail in German, and in English for a language the portal does not have', async () => {
    const user = await confirmedUser(endpoints, 'sprache');
    const since = Date.now() - 1000;
    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: user.email, ClientMetadata: { language: 'de' } }));
    expect((await mailFor(user.email, EMAIL_TEXTS.de.auth.reset.subject, since)).html).toContain('lang="de"');
    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: user.email, ClientMetadata: { language: 'fr' } }));
    expect((await mailFor(user.email, EMAIL_TEXTS.en.auth.reset.subject, since)).html).toContain('lang="en"');
  });
});

describe('password change', () => {
  it('refuses a wrong current password with NotAuthorizedException, a short new one with InvalidPasswordException, and then limits', async () => {
    const user = await confirmedUser(endpoints, 'change');
    const token = (await signIn(user.email, 'secret-pass')).AccessToken ?? '';
    const change = (previous: string, proposed: string) => cognito.send(new ChangePasswordCommand({ AccessToken: token, PreviousPassword: previous, ProposedPassword: proposed }));
    expect(await refusal(change('secret-pass', 'short'))).toEqual({ name: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough', status: 400 });
    for (let i = 0; i < 5; i += 1) expect(await refusal(change('wrong-pass', 'new-secret'))).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(await refusal(change('secret-pass', 'new-secret'))).toMatchObject({ name: 'LimitExceededException' });
  });
});

describe('account confirmation', () => {
  it('simulates a resent code for an unknown address, refuses one for a confirmed account, and says when it is confirmed already', async () => {
    const unknown = await cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: address('ghost') }));
    expect(unknown.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: 'g***@e***' });
    const user = await confirmedUser(endpoints, 'confirmed');
    expect(await refusal(cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: user.email })))).toEqual({ name: 'InvalidParameterException', message: 'User is already confirmed.', status: 400 });
    expect(await refusal(cognito.send(new ConfirmSignUpCommand({ ClientId, Username: user.email, ConfirmationCode: '123456' })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: expect.stringMatching(/Current status is CONFIRMED/),
    });
  });
});

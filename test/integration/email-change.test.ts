import { ChangePasswordCommand, CognitoIdentityProviderClient, UpdateUserAttributesCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { srpSignIn } from '@frameforge/local-stack/srp-sign-in';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { testServices } from '../support/services';

const endpoints = testEndpoints();
const services = testServices();
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: services.cognito, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

const accessToken = async (email: string, password: string) =>
  (await srpSignIn(cognito, { userPoolId: services.resources.userPoolId, clientId: services.resources.userPoolClientId, username: email, password })).AccessToken ?? '';

describe('account e-mail and password, as the settings page drives them', () => {
  it('sends the verification link to the new address and changes the address only once it is followed', async () => {
    const user = await confirmedUser(endpoints, 'email-change');
    const next = `moved-${Date.now()}@example.com`;
    const since = Date.now() - 1000;
    await cognito.send(new UpdateUserAttributesCommand({ AccessToken: await accessToken(user.email, 'secret-pass'), UserAttributes: [{ Name: 'email', Value: next }] }));
    const mail = await user.client.waitForMail(next, /.*/, since);
    const link = new URL(LocalPortalClient.linkIn(mail));
    expect(`${link.origin}${link.pathname}`).toBe(`${endpoints.portal}/settings`);
    const code = link.searchParams.get('verify_email') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Not verified yet: the old address still signs in.
    expect(await accessToken(user.email, 'secret-pass')).not.toBe('');
    await cognito.send(new VerifyUserAttributeCommand({ AccessToken: await accessToken(user.email, 'secret-pass'), AttributeName: 'email', Code: code }));
    expect(await accessToken(next, 'secret-pass')).not.toBe('');
  });

  it('refuses a password change whose current password is wrong, and accepts the right one', async () => {
    const user = await confirmedUser(endpoints, 'password-change');
    const token = await accessToken(user.email, 'secret-pass');
    await expect(cognito.send(new ChangePasswordCommand({ AccessToken: token, PreviousPassword: 'not-it', ProposedPassword: 'new-secret' }))).rejects.toMatchObject({
      name: expect.stringMatching(/NotAuthorizedException|InvalidPasswordException/),
    });
    await cognito.send(new ChangePasswordCommand({ AccessToken: token, PreviousPassword: 'secret-pass', ProposedPassword: 'new-secret' }));
    expect(await accessToken(user.email, 'new-secret')).not.toBe('');
  });
});

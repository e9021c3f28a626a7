import { screen, within } from '@testing-library/react';
import auth from '../../locales/en/auth.json';
import { boundary, cognitoError } from '../../testing/fetch-boundary';
import { renderScreen } from '../../testing/render-screen';
import { loadTestConfig } from '../../testing/session';
import { LoginPage } from './login-page';

const form = () => screen.getByRole('button', { name: auth.signIn.submit }).closest('form') as HTMLFormElement;

async function openLogin(path = '/login') {
  const view = await renderScreen(<LoginPage />, { path, namespaces: ['auth'] });
  await screen.findByRole('heading', { name: path.includes('signUp') ? auth.signUp.title : auth.signIn.title });
  return view;
}

describe('sign-in form', () => {
  it('asks for the e-mail first, without calling Cognito', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: auth.signIn.submit }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent(auth.validation.emailRequired);
    expect(boundary.requests).toEqual([]);
  });

  it('refuses an address that is not e-mail shaped, then a missing password', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(auth.email), 'ada@example');
    await user.type(screen.getByLabelText(auth.password), 'secret-password');
    await user.click(screen.getByRole('button', { name: auth.signIn.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.validation.emailInvalid);

    await user.clear(screen.getByLabelText(auth.email));
    await user.type(screen.getByLabelText(auth.email), 'ada@example.com');
    await user.clear(screen.getByLabelText(auth.password));
    await user.click(screen.getByRole('button', { name: auth.signIn.submit }));
    expect(await screen.findByText(auth.validation.passwordRequired)).toBeInTheDocument();
    expect(screen.queryByText(auth.validation.emailInvalid)).not.toBeInTheDocument();
    expect(boundary.requests).toEqual([]);
  });

  it("shows a refused sign-in in the portal's own words, after an SRP start that never sent the password", async () => {
    boundary.on('Cognito InitiateAuth', cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(auth.email), 'ada@example.com');
    await user.type(screen.getByLabelText(auth.password), 'wrong-password');
    await user.click(screen.getByRole('button', { name: auth.signIn.submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent(auth.errors.wrongCredentials);
    expect(screen.queryByText('Incorrect username or password.')).not.toBeInTheDocument();
    const [initiate] = boundary.calls('Cognito InitiateAuth');
    expect(initiate?.body).toMatchObject({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: loadTestConfig().userPoolClientId,
      AuthParameters: { USERNAME: 'ada@example.com', SRP_A: expect.any(String) as unknown },
    });
    expect(JSON.stringify(initiate?.body)).not.toContain('wrong-password');
    // The form stays filled in for another try, and the button is usable again.
    expect(screen.getByLabelText(auth.email)).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: auth.signIn.submit })).toBeEnabled();
  });

  it('tells an account that was never verified to verify it', async () => {
    boundary.on('Cognito InitiateAuth', cognitoError('UserNotConfirmedException', 'User is not confirmed.'));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(auth.email), 'ada@example.com');
    await user.type(screen.getByLabelText(auth.password), 'right-password');
    await user.click(screen.getByRole('button', { name: auth.signIn.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.errors.confirmSignUp);
  });
});

describe('sign-up form', () => {
  async function signUp(password: string) {
    const view = await openLogin('/login?mode=signUp');
    await view.user.type(screen.getByLabelText(auth.email), 'ada@example.com');
    if (password) await view.user.type(screen.getByLabelText(auth.password), password);
    await view.user.click(screen.getByRole('button', { name: auth.signUp.submit }));
    return view;
  }

  it("shows the pool's password policy in the portal's words when Cognito refuses the password", async () => {
    boundary.on('Cognito SignUp', cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'));
    await signUp('12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.reset.errors.passwordTooShort);
    const [call] = boundary.calls('Cognito SignUp');
    expect(call?.body).toMatchObject({
      ClientId: loadTestConfig().userPoolClientId,
      Username: 'ada@example.com',
      Password: '12345',
      UserAttributes: [{ Name: 'email', Value: 'ada@example.com' }],
      ClientMetadata: { language: 'en' },
    });
  });

  it('explains both account rules when the password is refused as a parameter (spaces at its ends)', async () => {
    boundary.on('Cognito SignUp', cognitoError('InvalidParameterException', "1 validation error detected: Value at 'password' failed to satisfy constraint"));
    await signUp(' padded-password ');
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.errors.invalidSignUp);
  });

  it('asks for a password before creating the account', async () => {
    await signUp('');
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.validation.passwordRequired);
    expect(boundary.requests).toEqual([]);
  });

  it('sends an accepted sign-up to the verification notice', async () => {
    boundary.on('Cognito SignUp', {
      body: {
        UserConfirmed: false,
        UserSub: '3f1c2a4e-8d7b-4c6a-9e5f-0a1b2c3d4e5f',
        CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'a***@e***' },
      },
    });
    await signUp('long-enough');
    expect(await screen.findByRole('heading', { name: auth.verifyEmail.title })).toBeInTheDocument();
    expect(screen.getByText(auth.verifyEmail.body.replace('{{email}}', 'ada@example.com'))).toBeInTheDocument();
  });
});

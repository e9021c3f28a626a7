import { screen, within } from '@testing-library/react';
import auth from '../../locales/en/auth.json';
import { boundary, cognitoError, type Answer } from '../../testing/fetch-boundary';
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

describe('sign-in with two-factor authentication', () => {
  /** Cognito's SRP start: any B that is not a multiple of N lets Amplify make its claim. */
  const srpStart = {
    body: {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: { SALT: 'a1b2c3d4e5f60718', SRP_B: 'f'.repeat(255) + '7', SECRET_BLOCK: btoa('sealed'), USER_ID_FOR_SRP: 'ada-sub', USERNAME: 'ada-sub' },
    },
  };

  async function passwordAccepted() {
    boundary.on('Cognito InitiateAuth', srpStart);
    const codeAnswers: Answer[] = [];
    boundary.on('Cognito RespondToAuthChallenge', ({ body }) =>
      (body as { ChallengeName?: string }).ChallengeName === 'PASSWORD_VERIFIER'
        ? { body: { ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: { USER_ID_FOR_SRP: 'ada-sub' }, Session: 'mfa-session' } }
        : (codeAnswers.shift() ?? cognitoError('InternalErrorException', 'no answer')),
    );
    const view = await openLogin();
    await view.user.type(screen.getByLabelText(auth.email), 'ada@example.com');
    await view.user.type(screen.getByLabelText(auth.password), 'right-password');
    await view.user.click(screen.getByRole('button', { name: auth.signIn.submit }));
    await screen.findByRole('heading', { name: auth.code.title });
    return { ...view, codeAnswers };
  }

  it('asks for the code after the password, and refuses a wrong one in its own words', async () => {
    const { user, codeAnswers } = await passwordAccepted();
    const code = screen.getByLabelText(auth.code.label);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    codeAnswers.push(cognitoError('CodeMismatchException', 'Invalid code received for user'));
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: auth.code.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.errors.wrongCode);
    expect(screen.queryByText(/Invalid code received/)).not.toBeInTheDocument();
    const answered = boundary.calls('Cognito RespondToAuthChallenge').at(-1)?.body;
    expect(answered).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'mfa-session', ChallengeResponses: { SOFTWARE_TOKEN_MFA_CODE: '123456' } });
    // Another try is possible at once.
    expect(screen.getByLabelText(auth.code.label)).toHaveValue('');
  });

  it('refuses a code that is not 6 digits without asking Cognito', async () => {
    const { user } = await passwordAccepted();
    await user.type(screen.getByLabelText(auth.code.label), '12a45');
    await user.click(screen.getByRole('button', { name: auth.code.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.code.invalidFormat);
    expect(boundary.calls('Cognito RespondToAuthChallenge')).toHaveLength(1);
  });

  it('sends an expired sign-in back to the password', async () => {
    const { user, codeAnswers } = await passwordAccepted();
    codeAnswers.push(cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.'));
    await user.type(screen.getByLabelText(auth.code.label), '123456');
    await user.click(screen.getByRole('button', { name: auth.code.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(auth.errors.codeSessionExpired);
    await user.click(screen.getByRole('button', { name: auth.backToSignIn }));
    expect(await screen.findByRole('heading', { name: auth.signIn.title })).toBeInTheDocument();
    expect(screen.getByLabelText(auth.password)).toHaveValue('');
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

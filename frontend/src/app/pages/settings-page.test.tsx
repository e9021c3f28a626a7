import { screen, within } from '@testing-library/react';
import { unsafeCharactersMessage } from '@frameforge/functions/kernel/contracts/display-text';
import { updateProfileRequestSchema } from '@frameforge/functions/features/profiles/contracts/profile';
import settings from '../../locales/en/settings.json';
import { boundary, cognitoError, portalError } from '../../testing/fetch-boundary';
import { profileView } from '../../testing/portal-fixtures';
import { renderScreen } from '../../testing/render-screen';
import { storeSignedInSession } from '../../testing/session';
import { SettingsPage } from './settings-page';

async function openSettings() {
  const view = await renderScreen(<SettingsPage />, { path: '/settings', namespaces: ['settings'] });
  const username = await screen.findByLabelText(settings.profile.username);
  return { ...view, username };
}

const banner = () => screen.getByTestId('settings-banner');

/** Cognito's GetUser, as the two-factor card reads it: with the app on, or off (AWS leaves the list out). */
const getUser = (totpOn: boolean) => ({ body: { Username: 'ada', UserAttributes: [], ...(totpOn ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}) } });

beforeEach(() => {
  storeSignedInSession();
  boundary.on('GET /profile', { body: profileView({ username: 'ada' }) });
  boundary.on('Cognito GetUser', getUser(false));
});

describe('settings: profile form', () => {
  it('saves the username and shows the saved name', async () => {
    boundary.on('PUT /profile', ({ body }) => ({ body: profileView({ ...updateProfileRequestSchema.parse(body), updated_at: '2026-03-02T09:30:00.000Z' }) }));
    const { user, username } = await openSettings();
    expect(username).toHaveValue('ada');

    await user.clear(username);
    await user.type(username, '  Ada Lovelace ');
    await user.click(screen.getByRole('button', { name: settings.profile.save }));

    expect(await within(banner()).findByRole('status')).toHaveTextContent(settings.messages.profileUpdated);
    expect(boundary.calls('PUT /profile').map((call) => call.body)).toEqual([{ username: 'Ada Lovelace' }]);
    expect(username).toHaveValue('Ada Lovelace');
  });

  it("shows the server's refusal, which names the field, and keeps what was typed", async () => {
    boundary.on('PUT /profile', portalError(400, unsafeCharactersMessage('username')));
    const { user, username } = await openSettings();
    await user.clear(username);
    await user.type(username, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: settings.profile.save }));

    expect(await within(banner()).findByRole('alert')).toHaveTextContent('username must not contain control characters, text-direction characters or < >');
    expect(username).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: settings.profile.save })).toBeEnabled();
  });

  it('refuses an empty username before sending anything', async () => {
    const { user, username } = await openSettings();
    await user.clear(username);
    await user.click(screen.getByRole('button', { name: settings.profile.save }));

    expect(await within(banner()).findByRole('alert')).toHaveTextContent(settings.validation.usernameRequired);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(boundary.calls('PUT /profile')).toEqual([]);
  });
});

describe('settings: password form', () => {
  async function changePassword(current: string, next: string, confirm = next) {
    const view = await openSettings();
    await view.user.type(screen.getByLabelText(settings.password.current), current);
    await view.user.type(screen.getByLabelText(settings.password.new), next);
    await view.user.type(screen.getByLabelText(settings.password.confirm), confirm);
    await view.user.click(screen.getByRole('button', { name: settings.password.submit }));
    return view;
  }

  it("applies the pool's password rules before asking Cognito", async () => {
    await changePassword('old-password', '12345');
    expect(await within(banner()).findByRole('alert')).toHaveTextContent(settings.validation.passwordTooShort);
    expect(boundary.calls('Cognito ChangePassword')).toEqual([]);
  });

  it('says so when the new passwords differ', async () => {
    await changePassword('old-password', 'new-password', 'new-passw0rd');
    expect(await within(banner()).findByRole('alert')).toHaveTextContent(settings.validation.passwordsDoNotMatch);
  });

  it('shows a wrong current password in the portal words, after Cognito checked it with the access token', async () => {
    boundary.on('Cognito ChangePassword', cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    await changePassword('wrong-password', 'new-password');
    expect(await within(banner()).findByRole('alert')).toHaveTextContent(settings.messages.currentPasswordIncorrect);
    const [call] = boundary.calls('Cognito ChangePassword');
    expect(call?.body).toMatchObject({ PreviousPassword: 'wrong-password', ProposedPassword: 'new-password', AccessToken: expect.any(String) as unknown });
  });

  it('confirms a changed password and empties the form', async () => {
    boundary.on('Cognito ChangePassword', { body: {} });
    await changePassword('old-password', 'new-password');
    expect(await within(banner()).findByRole('status')).toHaveTextContent(settings.messages.passwordUpdated);
    expect(screen.getByLabelText(settings.password.new)).toHaveValue('');
  });
});

describe('settings: two-factor authentication', () => {
  const card = () => screen.getByRole('region', { name: settings.twoFactor.title });

  it('shows the key and setup link of a new app, refuses a wrong code, and turns it on with a right one', async () => {
    boundary.on('Cognito AssociateSoftwareToken', { body: { SecretCode: 'JBSWY3DPEHPK3PXPJBSWY3DP' } });
    boundary.on('Cognito VerifySoftwareToken', cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA mfa'));
    const { user } = await openSettings();
    expect(await within(card()).findByText(settings.twoFactor.off)).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: settings.twoFactor.turnOn }));

    expect(await within(card()).findByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    const link = within(card()).getByRole('link');
    expect(link.getAttribute('href')).toMatch(/^otpauth:\/\/totp\/FrameForge:ada(%40|@)example\.com\?secret=JBSWY3DPEHPK3PXPJBSWY3DP/);
    const code = within(card()).getByLabelText(settings.twoFactor.code);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '12345');
    await user.click(within(card()).getByRole('button', { name: settings.twoFactor.confirm }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(settings.twoFactor.errors.codeFormat);
    expect(boundary.calls('Cognito VerifySoftwareToken')).toEqual([]);

    await user.type(code, '6');
    await user.click(within(card()).getByRole('button', { name: settings.twoFactor.confirm }));
    expect(await within(card()).findByText(settings.twoFactor.errors.wrongCode)).toBeInTheDocument();
    expect(screen.queryByText(/mismatch/i)).not.toBeInTheDocument();

    boundary.on('Cognito VerifySoftwareToken', { body: { Status: 'SUCCESS' } });
    boundary.on('Cognito SetUserMFAPreference', { body: {} });
    boundary.on('Cognito GetUser', getUser(true));
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(card()).getByRole('button', { name: settings.twoFactor.confirm }));
    expect(await within(banner()).findByRole('status')).toHaveTextContent(settings.messages.twoFactorOn);
    expect(await within(card()).findByText(settings.twoFactor.on)).toBeInTheDocument();
    expect(boundary.calls('Cognito VerifySoftwareToken').at(-1)?.body).toMatchObject({ UserCode: '654321' });
    expect(boundary.calls('Cognito SetUserMFAPreference')[0]?.body).toMatchObject({ SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  });

  it('turns it off once Cognito accepted the password, and says when the password is wrong', async () => {
    boundary.on('Cognito GetUser', getUser(true));
    boundary.on('Cognito ChangePassword', cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    const { user } = await openSettings();
    await user.click(await within(card()).findByRole('button', { name: settings.twoFactor.turnOff }));
    const password = within(card()).getByLabelText(settings.password.current);
    await user.type(password, 'wrong-pass');
    await user.click(within(card()).getByRole('button', { name: settings.twoFactor.confirmTurnOff }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(settings.messages.currentPasswordIncorrect);
    expect(boundary.calls('Cognito SetUserMFAPreference')).toEqual([]);

    boundary.on('Cognito ChangePassword', { body: {} });
    boundary.on('Cognito SetUserMFAPreference', { body: {} });
    boundary.on('Cognito GetUser', getUser(false));
    await user.clear(password);
    await user.type(password, 'secret-pass');
    await user.click(within(card()).getByRole('button', { name: settings.twoFactor.confirmTurnOff }));
    expect(await within(banner()).findByRole('status')).toHaveTextContent(settings.messages.twoFactorOff);
    expect(await within(card()).findByText(settings.twoFactor.off)).toBeInTheDocument();
    expect(boundary.calls('Cognito ChangePassword').at(-1)?.body).toMatchObject({ PreviousPassword: 'secret-pass', ProposedPassword: 'secret-pass' });
    expect(boundary.calls('Cognito SetUserMFAPreference')[0]?.body).toMatchObject({ SoftwareTokenMfaSettings: { Enabled: false } });
  });
});

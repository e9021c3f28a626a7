import { screen, waitFor, within } from '@testing-library/react';
import { generateApiKeyRequestSchema, type ApiKeyView, type ListApiKeysResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import apiKeys from '../../locales/en/api-keys.json';
import { boundary, portalError } from '../../testing/fetch-boundary';
import { activeSubscription, apiKeyView, noSubscription } from '../../testing/portal-fixtures';
import { renderScreen } from '../../testing/render-screen';
import { storeSignedInSession } from '../../testing/session';
import { ApiKeysPage } from './api-keys-page';

const SECRET = 'ff_3kP9vQ2mX7rT1wZ8yB4nC6dF0gH5jL2sA9eU3iO7pRq1Zx4Kc';
const TEST_SECRET = 'ff_test_3kP9vQ2mX7rT1wZ8yB4nC6dF0gH5jL2sA9eU3iO7pRq1Zx4Kc';
const maskOf = (key: string) => `${key.slice(0, 8)}…${key.slice(-4)}`;

/** The keys routes over one user's keys, as the server keeps them: newest first, revoked keys gone. */
function serveKeys(initial: ApiKeyView[]) {
  let keys = [...initial];
  boundary.on('GET /api-keys', () => ({ body: { keys, active_count: keys.length } satisfies ListApiKeysResponse }));
  boundary.on('POST /generate-api-key', ({ body }) => {
    const { name, mode = 'live' } = generateApiKeyRequestSchema.parse(body);
    const secret = mode === 'test' ? TEST_SECRET : SECRET;
    const apiKey = apiKeyView({ id: 'key-new', name, mode, masked_key: maskOf(secret), created_at: '2026-03-02T09:30:00.000Z' });
    keys = [apiKey, ...keys];
    return { status: 201, body: { key: secret, apiKey } };
  });
  boundary.on('DELETE /api-keys/key-old', () => {
    keys = keys.filter((key) => key.id !== 'key-old');
    return { body: { id: 'key-old', revoked: true } };
  });
}

async function openKeysPage() {
  const view = await renderScreen(<ApiKeysPage />, { path: '/api-keys', namespaces: ['apiKeys'] });
  await screen.findByRole('heading', { name: apiKeys.title });
  return view;
}

const row = (name: string) => screen.queryByRole('listitem', { name });

beforeEach(() => {
  storeSignedInSession();
  boundary.on('GET /subscription', { body: activeSubscription('basic') });
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('API keys page', () => {
  it('shows a new key in full once, then only masked in the list', async () => {
    serveKeys([apiKeyView({ id: 'key-old', name: 'Staging' })]);
    const { user } = await openKeysPage();
    expect(await screen.findByRole('listitem', { name: 'Staging' })).toBeInTheDocument();

    const generate = screen.getByRole('button', { name: apiKeys.generateKey });
    expect(generate).toBeDisabled(); // a blank name cannot be sent
    await user.type(screen.getByLabelText(apiKeys.keyName), '  CI pipeline ');
    await user.click(generate);

    const panel = await screen.findByRole('region', { name: apiKeys.newKey.title.replace('{{name}}', 'CI pipeline') });
    expect(within(panel).getByText(SECRET)).toBeInTheDocument();
    expect(boundary.calls('POST /generate-api-key').map((call) => call.body)).toEqual([{ name: 'CI pipeline', mode: 'live' }]);
    expect(screen.getByLabelText(apiKeys.keyName)).toHaveValue('');

    await user.click(within(panel).getByRole('button', { name: apiKeys.newKey.copy }));
    expect(await within(panel).findByRole('button', { name: apiKeys.newKey.copied })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

    // The list is read again and holds the new key, masked.
    const newRow = await screen.findByRole('listitem', { name: 'CI pipeline' });
    expect(within(newRow).getByText(maskOf(SECRET))).toBeInTheDocument();
    expect(boundary.calls('GET /api-keys')).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: apiKeys.newKey.confirm }));
    expect(panel).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByText(apiKeys.activeCount.replace('{{count}}', '2'))).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses to create a key", async () => {
    serveKeys([]);
    boundary.on('POST /generate-api-key', portalError(403, 'An active subscription is required'));
    const { user } = await openKeysPage();
    await user.type(screen.getByLabelText(apiKeys.keyName), 'CI pipeline');
    await user.click(screen.getByRole('button', { name: apiKeys.generateKey }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(apiKeys.createFailed);
    expect(alert).toHaveTextContent('An active subscription is required');
    expect(screen.queryByRole('region', { name: /CI pipeline/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText(apiKeys.keyName)).toHaveValue('CI pipeline');
  });

  it('asks before revoking a key, and removes its row once revoked', async () => {
    serveKeys([apiKeyView({ id: 'key-old', name: 'Staging' })]);
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openKeysPage();
    const staging = await screen.findByRole('listitem', { name: 'Staging' });

    await user.click(within(staging).getByRole('button', { name: apiKeys.revoke }));
    expect(confirm).toHaveBeenCalledWith(apiKeys.revokeConfirm);
    expect(boundary.calls('DELETE /api-keys/key-old')).toEqual([]);
    expect(row('Staging')).toBeInTheDocument();

    await user.click(within(staging).getByRole('button', { name: apiKeys.revoke }));
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(row('Staging')).not.toBeInTheDocument());
    expect(boundary.calls('DELETE /api-keys/key-old')).toHaveLength(1);
    expect(await screen.findByText(apiKeys.empty.title)).toBeInTheDocument();
  });

  it('keeps the row and says so when the revocation fails', async () => {
    serveKeys([apiKeyView({ id: 'key-old', name: 'Staging' })]);
    boundary.on('DELETE /api-keys/key-old', portalError(500, 'Internal server error'));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = await openKeysPage();
    const staging = await screen.findByRole('listitem', { name: 'Staging' });

    await user.click(within(staging).getByRole('button', { name: apiKeys.revoke }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(apiKeys.revokeFailed));
    expect(row('Staging')).toBeInTheDocument();
  });

  it('without an active subscription, points to the plans and creates test keys only', async () => {
    serveKeys([]);
    boundary.on('GET /subscription', { body: noSubscription });
    const { user } = await openKeysPage();
    expect(await screen.findByText(apiKeys.subscriptionRequired.body)).toBeInTheDocument();
    expect(screen.getByText(apiKeys.subscriptionRequired.testKeysNow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: apiKeys.subscriptionRequired.viewPlans })).toHaveAttribute('href', '/subscription');
    await waitFor(() => expect(screen.getByRole('radio', { name: new RegExp(apiKeys.mode.live) })).toBeDisabled());
    expect(screen.getByRole('radio', { name: new RegExp(apiKeys.mode.test) })).toBeChecked();
    await user.type(screen.getByLabelText(apiKeys.keyName), 'Trying it out');
    await user.click(screen.getByRole('button', { name: apiKeys.generateKey }));

    const panel = await screen.findByRole('region', { name: apiKeys.newKey.title.replace('{{name}}', 'Trying it out') });
    expect(within(panel).getByText(TEST_SECRET)).toBeInTheDocument();
    expect(boundary.calls('POST /generate-api-key').map((call) => call.body)).toEqual([{ name: 'Trying it out', mode: 'test' }]);
    const newRow = await screen.findByRole('listitem', { name: 'Trying it out' });
    expect(within(newRow).getByTestId('test-badge')).toHaveTextContent('Test');
  });

  it('lets a subscriber pick a test key, and marks only test keys with the badge', async () => {
    serveKeys([apiKeyView({ id: 'key-old', name: 'Staging' })]);
    const { user } = await openKeysPage();
    const staging = await screen.findByRole('listitem', { name: 'Staging' });
    expect(within(staging).queryByTestId('test-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: new RegExp(apiKeys.mode.live) })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: new RegExp(apiKeys.mode.test) }));
    await user.type(screen.getByLabelText(apiKeys.keyName), 'Sandbox');
    await user.click(screen.getByRole('button', { name: apiKeys.generateKey }));
    expect(await screen.findByText(TEST_SECRET)).toBeInTheDocument();
    expect(boundary.calls('POST /generate-api-key').map((call) => call.body)).toEqual([{ name: 'Sandbox', mode: 'test' }]);
    expect(within(await screen.findByRole('listitem', { name: 'Sandbox' })).getByTestId('test-badge')).toBeInTheDocument();
  });
});

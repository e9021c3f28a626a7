import { screen, within } from '@testing-library/react';
import { rollApiKeyRequestSchema, updateApiKeyRequestSchema, type ApiKeyView, type ListApiKeysResponse } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import apiKeys from '../../locales/en/api-keys.json';
import { boundary } from '../../testing/fetch-boundary';
import { activeSubscription, apiKeyView } from '../../testing/portal-fixtures';
import { renderScreen } from '../../testing/render-screen';
import { storeSignedInSession } from '../../testing/session';
import { ApiKeysPage } from './api-keys-page';

const ROLLED = 'ff_9zY8xW7vU6tS5rQ4pO3nM2lK1jI0hG9fE8dC7bA6zY5xW4vU';

/** The keys routes over one key, as the server keeps it: renamed, given an expiry, rolled. */
function serveKey(initial: ApiKeyView) {
  let keys = [initial];
  boundary.on('GET /api-keys', () => ({ body: { keys, active_count: keys.length } satisfies ListApiKeysResponse }));
  boundary.on(`PATCH /api-keys/${initial.id}`, ({ body }) => {
    const { name, expires_at } = updateApiKeyRequestSchema.parse(body);
    keys = keys.map((key) => ({ ...key, ...(name !== undefined ? { name } : {}), ...(expires_at !== undefined ? { expires_at } : {}) }));
    return { body: { apiKey: keys[0] } };
  });
  boundary.on(`POST /api-keys/${initial.id}/roll`, ({ body }) => {
    const { overlap_seconds } = rollApiKeyRequestSchema.parse(body);
    const previous = { ...keys[0]!, expires_at: new Date(Date.now() + overlap_seconds * 1000).toISOString() };
    const apiKey = apiKeyView({ id: 'key-rolled', name: previous.name, masked_key: `${ROLLED.slice(0, 8)}…${ROLLED.slice(-4)}` });
    keys = [apiKey, previous];
    return { status: 201, body: { key: ROLLED, apiKey, previous } };
  });
}

async function openKeysPage() {
  const view = await renderScreen(<ApiKeysPage />, { path: '/api-keys', namespaces: ['apiKeys'] });
  await screen.findByRole('heading', { name: apiKeys.title });
  return view;
}

beforeAll(() => {
  // jsdom has <dialog> without its modal methods: opened and closed as a browser does, minus the top layer.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

beforeEach(() => {
  storeSignedInSession();
  boundary.on('GET /subscription', { body: activeSubscription('basic') });
});

describe('a key’s lifecycle on the API keys page', () => {
  it('renames a key and gives it an expiry in a labelled dialog', async () => {
    serveKey(apiKeyView({ id: 'key-old', name: 'Staging' }));
    const { user } = await openKeysPage();
    const row = await screen.findByRole('listitem', { name: 'Staging' });
    await user.click(within(row).getByRole('button', { name: apiKeys.edit.button }));
    const dialog = await screen.findByRole('dialog', { name: apiKeys.edit.title.replace('{{name}}', 'Staging') });
    const name = within(dialog).getByLabelText(apiKeys.keyName);
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, ' Production ');
    await user.type(within(dialog).getByLabelText(apiKeys.expiry.label), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: apiKeys.edit.save }));
    const renamed = await screen.findByRole('listitem', { name: 'Production' });
    const [sent] = boundary.calls('PATCH /api-keys/key-old').map((call) => call.body as { name: string; expires_at: string });
    expect(sent?.name).toBe('Production');
    expect(new Date(sent?.expires_at ?? '').getFullYear()).toBe(2099);
    expect(within(renamed).getByTestId('key-expiry')).toHaveTextContent(/^Expires /);
  });

  it('rolls a key with the overlap picked: the new key shows once, the old one as expiring', async () => {
    serveKey(apiKeyView({ id: 'key-old', name: 'Staging' }));
    const { user } = await openKeysPage();
    const row = await screen.findByRole('listitem', { name: 'Staging' });
    await user.click(within(row).getByRole('button', { name: apiKeys.roll.button }));
    const dialog = await screen.findByRole('dialog', { name: apiKeys.roll.title.replace('{{name}}', 'Staging') });
    await user.click(within(dialog).getByLabelText(apiKeys.roll.overlap['3d']));
    await user.click(within(dialog).getByRole('button', { name: apiKeys.roll.submit }));
    const panel = await screen.findByRole('region', { name: apiKeys.newKey.title.replace('{{name}}', 'Staging') });
    expect(within(panel).getByText(ROLLED)).toBeInTheDocument();
    expect(boundary.calls('POST /api-keys/key-old/roll').map((call) => call.body)).toEqual([{ overlap_seconds: 3 * 86_400 }]);
    const rows = await screen.findAllByRole('listitem', { name: 'Staging' });
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('key-expiry')).toHaveTextContent(/^Expires /);
    expect(within(rows[0]!).queryByTestId('key-expiry')).not.toBeInTheDocument();
  });

  it('marks a key past its expiry as expired', async () => {
    serveKey(apiKeyView({ id: 'key-old', name: 'Staging', expires_at: '2020-01-01T00:00:00.000Z' }));
    await openKeysPage();
    const row = await screen.findByRole('listitem', { name: 'Staging' });
    expect(within(row).getByTestId('key-expiry')).toHaveTextContent(apiKeys.expiry.expired);
  });
});

import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Namespace } from '../locales/namespaces';
import { AuthProvider } from '../lib/auth-provider';
import { useAuth } from '../lib/auth-session';
import { loadNamespaces } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

const clients: QueryClient[] = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** Like the route table: nothing shows until the session has been read. */
function AfterSessionRead({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  return state.status === 'loading' ? null : children;
}

/**
 * Renders a screen under the providers the app puts around it: a query client with the app's defaults
 * (fresh for each test), the auth provider reading Amplify's session, a router at `path`, and the
 * English texts of the given namespaces loaded through the app's i18n setup.
 */
export interface RenderedScreen {
  /** Clicks and typing, as a user makes them. */
  user: UserEvent;
  client: QueryClient;
  unmount: () => void;
}

export async function renderScreen(ui: ReactElement, { path = '/', namespaces }: { path?: string; namespaces: readonly Namespace[] }): Promise<RenderedScreen> {
  await loadNamespaces(namespaces);
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  clients.push(client);
  const user = userEvent.setup({ delay: null });
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <AfterSessionRead>{ui}</AfterSessionRead>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { user, client, unmount };
}

import { useEffect, useState } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PortalConfig } from '@frameforge/functions/contracts/portal-config';
import { FullPageSpinner } from '../components/spinner';
import { loadRuntimeConfig } from '../config/runtime-config';
import { configureAmplify } from '../lib/amplify';
import { queryClient } from '../lib/query-client';
import { useAuth } from '../features/auth/auth-context';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { ProfileLanguageOnSignIn } from '../features/settings/components/profile-language-on-sign-in';
import { AppRouter } from './router';

type Boot = { status: 'loading' } | { status: 'ready'; config: PortalConfig } | { status: 'failed'; message: string };

export function App() {
  const [boot, setBoot] = useState<Boot>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    loadRuntimeConfig()
      .then((config) => {
        configureAmplify(config);
        if (!cancelled) setBoot({ status: 'ready', config });
      })
      .catch((error: unknown) => {
        if (!cancelled) setBoot({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  if (boot.status === 'loading') return <FullPageSpinner />;
  if (boot.status === 'failed') return <ConfigFailed message={boot.message} />;
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ForgetServerStateOnSignOut />
        <ProfileLanguageOnSignIn />
        <AppRouter />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** The next account to sign in on this tab must not see the previous one's subscription, even briefly. */
function ForgetServerStateOnSignOut() {
  const { state } = useAuth();
  const client = useQueryClient();
  useEffect(() => {
    if (state.status === 'signedOut') client.clear();
  }, [state.status, client]);
  return null;
}

function ConfigFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="max-w-md text-center">
        <h1 className="text-xl font-semibold text-zinc-900">{t('configFailed')}</h1>
        <p className="mt-2 break-words text-sm text-zinc-600">{message}</p>
      </div>
    </main>
  );
}

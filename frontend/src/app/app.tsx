import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthContext, type AuthContextValue } from '../lib/auth-session';
import { afterFirstPaint } from './after-first-paint';
import { loadSession, sessionFirst, sessionReady, shellPath, shellReady, storedSession, type SessionModule } from './boot';
import { AppRouter } from './router';
import { SessionGateContext } from './session-gate';

type Boot =
  | { status: 'loading' }
  /** A signed-out visitor's first screen (landing or sign-in), before the session's chunk has come. */
  | { status: 'signedOutShell' }
  | { status: 'ready'; session: SessionModule }
  | { status: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function App() {
  const [boot, setBoot] = useState<Boot>({ status: 'loading' });

  const requestSession = useCallback(() => {
    loadSession().then(
      (session) => setBoot({ status: 'ready', session }),
      (error: unknown) => setBoot({ status: 'failed', message: messageOf(error) }),
    );
  }, []);

  useEffect(() => {
    let cancelled = false;
    const fail = (error: unknown) => !cancelled && setBoot({ status: 'failed', message: messageOf(error) });
    if (sessionFirst) sessionReady().then((session) => !cancelled && setBoot({ status: 'ready', session }), fail);
    else shellReady.then(() => !cancelled && setBoot({ status: 'signedOutShell' }), fail);
    return () => {
      cancelled = true;
    };
  }, []);

  const signedOutShell = boot.status === 'signedOutShell';
  useEffect(() => (signedOutShell ? afterFirstPaint(requestSession) : undefined), [signedOutShell, requestSession]);

  const gate = useMemo(() => ({ ready: boot.status === 'ready', storedSession, shellPath, request: requestSession }), [boot.status, requestSession]);
  return (
    <Suspense fallback={<BootSpinner />}>
      <SessionGateContext.Provider value={gate}>
        <Screens boot={boot} requestSession={requestSession} />
      </SessionGateContext.Provider>
    </Suspense>
  );
}

/** Settles with the session's first answer that is not 'loading'. */
function settledAuth() {
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { settled, settle };
}

/**
 * The routes, under providers that stay in place when the session's chunk arrives: a signed-out
 * visitor's first screen shows before it and is not mounted again after it.
 */
function Screens({ boot, requestSession }: { boot: Boot; requestSession: () => void }) {
  const [auth, setAuth] = useState<AuthContextValue | null>(null);
  const [{ settled, settle }] = useState(settledAuth);
  const onAuth = useCallback(
    (next: AuthContextValue) => {
      setAuth(next);
      if (next.state.status !== 'loading') settle();
    },
    [settle],
  );
  // Until the provider answers: signed out without a stored session (its only possible answer), else unknown.
  // A sign-in made meanwhile waits for the provider to read the new session.
  const interim = useMemo<AuthContextValue>(
    () => ({
      state: storedSession ? { status: 'loading' } : { status: 'signedOut' },
      refresh: () => {
        requestSession();
        return settled;
      },
      signOut: () => Promise.resolve(),
    }),
    [requestSession, settled],
  );
  if (boot.status === 'loading') return <BootSpinner />;
  if (boot.status === 'failed') return <ConfigFailed message={boot.message} />;
  const session = boot.status === 'ready' ? boot.session : null;
  return (
    <QueryClientContext.Provider value={session?.queryClient}>
      <AuthContext.Provider value={auth ?? interim}>
        {session && <session.SessionBridge onAuth={onAuth} />}
        <AppRouter />
      </AuthContext.Provider>
    </QueryClientContext.Provider>
  );
}

/** index.html's own spinner, kept while the start loads (the translated one needs the first texts). */
function BootSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-indigo-600" />
    </div>
  );
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

import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSelect } from '../../components/language-select';
import { Logo } from '../../components/logo';
import { useAuth } from '../../lib/auth-session';
import { MobileTabs } from './mobile-tabs';
import { ProfileMenu } from './profile-menu';
import { TopNav } from './top-nav';

/** The common layout of every signed-in page. */
export function AppLayout() {
  const { t } = useTranslation('layout');
  const { state, signOut } = useAuth();
  const email = state.status === 'signedIn' ? state.user.email : '';

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-6">
            <Link to="/" aria-label={t('home')} className="rounded focus-visible:outline-2 focus-visible:outline-indigo-600">
              <Logo />
            </Link>
            <TopNav />
          </div>
          <ProfileMenu email={email} onSignOut={() => void signOut()} />
        </div>
        <MobileTabs />
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <footer className="border-t border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 text-sm text-zinc-500 sm:flex-row sm:px-6">
          <p>{t('footer', { year: new Date().getFullYear() })}</p>
          <LanguageSelect />
        </div>
      </footer>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LanguageSelect } from '../../components/language-select';
import { getRuntimeConfig } from '../../config/runtime-config';
import { CallToAction } from '../../features/landing/components/call-to-action';
import { CodeSample } from '../../features/landing/components/code-sample';
import { FeatureGrid } from '../../features/landing/components/feature-grid';
import { Hero } from '../../features/landing/components/hero';
import { LandingHeader } from '../../features/landing/components/landing-header';
import { TransitionShowcase } from '../../features/landing/components/transition-showcase';

export function LandingPage() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const toLogin = () => {
    void navigate('/login');
  };
  // The calls to create an account open the same page on its sign-up form, not on sign-in.
  const toSignUp = () => {
    void navigate('/login?mode=signUp');
  };
  const { productApiUrl } = getRuntimeConfig();

  return (
    <div className="min-h-dvh">
      <LandingHeader onSignIn={toLogin} />
      <main>
        <Hero onGetStarted={toSignUp} onExplore={toLogin} />
        <FeatureGrid />
        <TransitionShowcase />
        <CodeSample productApiUrl={productApiUrl} />
        <CallToAction onCreateAccount={toSignUp} />
      </main>
      <footer className="border-t border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-zinc-500 sm:flex-row sm:px-6">
          <p>{t('footer', { year: new Date().getFullYear() })}</p>
          <LanguageSelect />
        </div>
      </footer>
    </div>
  );
}

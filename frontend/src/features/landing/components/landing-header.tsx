import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { LanguageSelect } from '../../../components/language-select';
import { Logo } from '../../../components/logo';

export function LandingHeader({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <header className="sticky top-0 z-20 border-b border-zinc-200/80 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2 sm:gap-3">
          <LanguageSelect className="hidden sm:flex" />
          <Button size="sm" onClick={onSignIn}>
            {t('signIn')}
          </Button>
        </div>
      </div>
    </header>
  );
}

import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { NAMED_TRANSITION_COUNT } from '../transitions';

export function Hero({ onGetStarted, onExplore }: { onGetStarted: () => void; onExplore: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 -top-40 -z-10 flex justify-center blur-3xl">
        <div className="aspect-[2/1] w-[60rem] bg-gradient-to-tr from-indigo-200 via-sky-100 to-fuchsia-200 opacity-60" />
      </div>
      <div className="mx-auto max-w-4xl px-4 pb-16 pt-16 text-center sm:px-6 sm:pt-24">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200">
          {t('hero.badge', { count: NAMED_TRANSITION_COUNT })}
        </p>
        <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-6xl">{t('hero.title')}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-zinc-600">{t('hero.subtitle')}</p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button size="lg" onClick={onGetStarted}>
            {t('hero.getStarted')}
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </Button>
          <Button size="lg" variant="secondary" onClick={onExplore}>
            {t('hero.exploreFeatures')}
          </Button>
        </div>
      </div>
    </section>
  );
}

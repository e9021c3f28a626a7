import { useTranslation } from 'react-i18next';

export function CallToAction({ onCreateAccount }: { onCreateAccount: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="rounded-2xl bg-indigo-600 px-6 py-12 text-center shadow-lg sm:px-12">
        <h2 className="text-3xl font-semibold tracking-tight text-white">{t('cta.title')}</h2>
        <p className="mx-auto mt-3 max-w-xl text-indigo-100">{t('cta.subtitle')}</p>
        <button
          type="button"
          onClick={onCreateAccount}
          className="mt-8 inline-flex h-12 items-center rounded-lg bg-white px-6 font-medium text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t('cta.createFreeAccount')}
        </button>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { FEATURES } from '../features';

export function FeatureGrid() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="max-w-2xl">
        <h2 id="features-heading" className="text-3xl font-semibold tracking-tight text-zinc-900">
          {t('featuresTitle')}
        </h2>
        <p className="mt-3 text-zinc-600">{t('featuresSubtitle')}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 transition hover:shadow-md">
            <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-zinc-900">{t(`features.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-zinc-600">{t(`features.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

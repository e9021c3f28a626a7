import { useTranslation } from 'react-i18next';
import { sampleCutRequest } from '../transitions';

export function CodeSample({ productApiUrl }: { productApiUrl: string }) {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="sample-heading" className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:items-center">
      <div>
        <h2 id="sample-heading" className="text-3xl font-semibold tracking-tight text-zinc-900">
          {t('sample.title')}
        </h2>
        <p className="mt-3 text-zinc-600">{t('sample.subtitle')}</p>
      </div>
      <figure className="overflow-hidden rounded-xl bg-zinc-950 shadow-lg ring-1 ring-zinc-800">
        <figcaption className="border-b border-zinc-800 px-4 py-2 text-xs text-zinc-400">{t('sample.caption')}</figcaption>
        <pre dir="ltr" className="overflow-x-auto p-4 text-start text-xs leading-relaxed text-zinc-100 sm:text-sm">
          <code>{sampleCutRequest(productApiUrl)}</code>
        </pre>
      </figure>
    </section>
  );
}

import { lazy, Suspense, useId, useState } from 'react';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import type { Endpoint } from '../endpoints';

// Its own chunk, fetched on the first "Try it": the docs page's first load does not carry it.
const TryItConsole = lazy(() => import('./try-it-console').then((module) => ({ default: module.TryItConsole })));

/** The "Try it" switch of one operation, and its console once opened. */
export function TryItLauncher({ endpoint, baseUrl }: { endpoint: Endpoint; baseUrl: string }) {
  const { t } = useTranslation('apiDocs');
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 rounded-lg bg-zinc-50 p-3 ring-1 ring-inset ring-zinc-200 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-sm font-semibold text-zinc-900">
          {t('tryIt.title')}
        </h4>
        <Button variant={open ? 'secondary' : 'primary'} size="sm" aria-expanded={open} aria-controls={`${id}-console`} onClick={() => setOpen(!open)}>
          <FlaskConical aria-hidden="true" className="size-4" />
          {open ? t('tryIt.close') : t('tryIt.open')}
        </Button>
      </div>
      <div id={`${id}-console`} hidden={!open} className="pt-4">
        {open && (
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-sm text-zinc-600">
                <Spinner className="size-4" />
                {t('tryIt.loading')}
              </p>
            }
          >
            <TryItConsole endpoint={endpoint} baseUrl={baseUrl} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

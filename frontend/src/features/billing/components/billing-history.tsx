import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { errorMessageOr } from '../../../lib/auth-errors';
import { useInvoices } from '../api/list-invoices';
import { InvoiceRow } from './invoice-row';

const COLUMNS = ['date', 'number', 'amount', 'status'] as const;

/** Stripe's "Invoice history": every payment (checkout, renewal, plan switch) with its hosted page and PDF. */
export function BillingHistory({ version }: { version: string | null }) {
  const { t } = useTranslation('subscription');
  const invoices = useInvoices(version);
  const rows = invoices.data?.pages.flatMap((page) => page.invoices) ?? [];

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="billing-history-heading" aria-busy={invoices.isFetching || undefined}>
        <h2 id="billing-history-heading" className="text-lg font-semibold text-zinc-900">
          {t('history.title')}
        </h2>
        {invoices.isError && (
          <Alert tone="error" title={t('history.loadFailed')} className="mt-3">
            {errorMessageOr(invoices.error, '') || null}
          </Alert>
        )}
        {invoices.isPending && <p className="mt-3 text-sm text-zinc-500">{t('history.loading')}</p>}
        {invoices.isSuccess && rows.length === 0 && <p className="mt-3 text-sm text-zinc-600">{t('history.empty')}</p>}
        {rows.length > 0 && (
          // A phone scrolls the table inside the card instead of widening the page.
          <div role="region" aria-label={t('history.title')} tabIndex={0} className="-mx-3 mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600">
            <table className="min-w-full text-start text-sm">
              <thead className="border-b border-zinc-200 text-xs font-medium uppercase tracking-wide text-zinc-500">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className={`whitespace-nowrap px-3 py-2 ${column === 'amount' ? 'text-end' : 'text-start'}`}>
                      {t(`history.columns.${column}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-end">
                    <span className="sr-only">{t('history.columns.download')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {rows.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {invoices.hasNextPage && (
          <Button variant="secondary" size="sm" className="mt-4" busy={invoices.isFetchingNextPage} onClick={() => void invoices.fetchNextPage()}>
            {t('history.loadMore')}
          </Button>
        )}
      </section>
    </Card>
  );
}

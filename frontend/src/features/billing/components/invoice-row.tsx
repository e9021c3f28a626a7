import { Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@frameforge/functions/features/billing/contracts/billing';
import { formatDay, periodEndDate } from '../../../lib/subscription-summary';
import { formatInvoiceAmount, invoiceToneOf } from '../invoice-display';
import { TONE_CLASSES } from './status-badge';

const CELL = 'whitespace-nowrap px-3 py-3';
const LINK = 'inline-flex items-center gap-1 rounded font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** One invoice: its date, number (to Stripe's hosted page), amount, status and PDF. */
export function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const { t, i18n } = useTranslation('subscription');
  const number = invoice.number ?? invoice.id;
  return (
    <tr>
      <td className={`${CELL} text-zinc-700`}>{formatDay(periodEndDate(invoice.created), i18n.language)}</td>
      <td className={CELL}>
        {invoice.hosted_invoice_url ? (
          <a href={invoice.hosted_invoice_url} target="_blank" rel="noopener noreferrer" className={LINK} aria-label={t('history.view', { number })}>
            <bdi>{number}</bdi>
            <ExternalLink aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
          </a>
        ) : (
          <bdi className="text-zinc-700">{number}</bdi>
        )}
      </td>
      <td className={`${CELL} text-end font-medium tabular-nums text-zinc-900`}>
        <bdi>{formatInvoiceAmount(invoice.total, invoice.currency, i18n.language)}</bdi>
      </td>
      <td className={CELL}>
        <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[invoiceToneOf(invoice.status)]}`}>
          {t(`history.status.${invoice.status}`)}
        </span>
      </td>
      <td className={`${CELL} text-end`}>
        {invoice.invoice_pdf && (
          <a href={invoice.invoice_pdf} target="_blank" rel="noopener noreferrer" className={LINK} aria-label={t('history.downloadPdf', { number })}>
            <Download aria-hidden="true" className="size-4" />
            PDF
          </a>
        )}
      </td>
    </tr>
  );
}

import { BookOpen, CreditCard, KeyRound, ScrollText, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const ACTIONS = [
  { key: 'apiKeys', to: '/api-keys', icon: KeyRound },
  { key: 'apiDocs', to: '/api-docs', icon: BookOpen },
  { key: 'apiLogs', to: '/api-logs', icon: ScrollText },
  { key: 'subscription', to: '/subscription', icon: CreditCard },
] as const;

export function QuickActions() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading" className="text-lg font-semibold text-zinc-900">
        {t('quickActions.title')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {ACTIONS.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 transition hover:shadow-md hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="mt-4 flex items-center gap-1 font-medium text-zinc-900">
                {t(`quickActions.${key}.title`)}
                <ArrowRight aria-hidden="true" className="size-4 opacity-0 transition group-hover:opacity-100 rtl:rotate-180" />
              </span>
              <span className="mt-1 text-sm text-zinc-600">{t(`quickActions.${key}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { PageHeader } from './page-header';

export type PlaceholderKey = 'apiDocs' | 'apiLogs' | 'settings';

/** Stands in for the screens that later issues fill in. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation('pages');
  return (
    <div>
      <PageHeader title={t(`${page}.title`)} description={t(`${page}.description`)} />
      <Card className="flex items-center gap-3 p-6 text-sm text-zinc-600">
        <Hammer aria-hidden="true" className="size-5 text-zinc-400" />
        {t('comingSoon')}
      </Card>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ApiDocsView } from '../../features/api-docs/components/api-docs-view';
import { PageHeader } from './page-header';

export function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  return (
    <div>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <ApiDocsView />
    </div>
  );
}

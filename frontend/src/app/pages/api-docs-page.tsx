import { useTranslation } from 'react-i18next';
import { ApiDocsView } from '../../features/api-docs/components/api-docs-view';
import { useAuth } from '../../lib/auth-session';
import { PageHeader } from './page-header';

export function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const { state } = useAuth();
  return (
    <div>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <ApiDocsView signedIn={state.status === 'signedIn'} />
    </div>
  );
}

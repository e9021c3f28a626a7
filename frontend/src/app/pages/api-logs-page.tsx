import { useTranslation } from 'react-i18next';
import { ApiLogsView } from '../../features/api-logs/components/api-logs-view';
import { PageHeader } from './page-header';

export function ApiLogsPage() {
  const { t } = useTranslation('apiLogs');
  return (
    <div>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <ApiLogsView />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { SettingsView } from '../../features/settings/components/settings-view';
import { PageHeader } from './page-header';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <div>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SettingsView />
    </div>
  );
}

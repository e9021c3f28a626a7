import { useTranslation } from 'react-i18next';
import { TasksView } from '../../features/tasks/components/tasks-view';
import { PageHeader } from './page-header';

export function TasksPage() {
  const { t } = useTranslation('tasks');
  return (
    <div>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <TasksView />
    </div>
  );
}

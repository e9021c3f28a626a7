import { useParams } from 'react-router-dom';
import { TaskDetailView } from '../../features/tasks/components/task-detail-view';

export function TaskPage() {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the last task's state carries over.
  return <TaskDetailView key={id} id={id} />;
}

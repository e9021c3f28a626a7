import { useTranslation } from 'react-i18next';
import type { PortalTaskDetail } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { paramText } from '../task-display';
import { MetadataChips } from './metadata-chips';
import { Section } from './section';

/** What the task was asked to do: its inputs by name or URL, its parameters and the caller's metadata. */
export function TaskFacts({ task }: { task: PortalTaskDetail }) {
  const { t } = useTranslation('tasks');
  const params = Object.entries(task.params);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title={t('detail.inputs')}>
        {task.inputs.length === 0 ? (
          <p className="text-sm text-zinc-600">{t('detail.noInputs')}</p>
        ) : (
          <ul data-testid="task-inputs" className="space-y-2 text-sm">
            {task.inputs.map((input, index) => (
              <li key={`${input.role}-${index}`} className="flex min-w-0 flex-wrap items-baseline gap-2">
                <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-600">{input.role}</span>
                <span dir="ltr" className="min-w-0 break-all font-mono text-zinc-900">
                  {input.url ?? input.file_name}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('detail.parameters')}>
        {params.length === 0 ? (
          <p className="text-sm text-zinc-600">{t('detail.noParameters')}</p>
        ) : (
          <dl data-testid="task-params" dir="ltr" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 font-mono text-sm">
            {params.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-zinc-500">{name}</dt>
                <dd className="break-all text-zinc-900">{paramText(value)}</dd>
              </div>
            ))}
          </dl>
        )}
        <h3 className="mb-2 mt-4 text-sm font-medium text-zinc-700">{t('detail.metadata')}</h3>
        <MetadataChips metadata={task.metadata} label={t('detail.metadata')} />
      </Section>
    </div>
  );
}

import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PortalTaskDetail } from '@frameforge/functions/features/jobs/contracts/portal-tasks';
import { buttonClasses } from '../../../components/button';
import { outputKindOf } from '../task-display';
import { Section } from './section';

/** The output itself, played or shown by its media type, from its short-lived link, with a download. */
export function OutputPanel({ task }: { task: PortalTaskDetail }) {
  const { t, i18n } = useTranslation('tasks');
  const { output, download_url: url } = task;
  if (!output) {
    return task.status === 'queued' || task.status === 'processing' ? (
      <Section title={t('detail.output')}>
        <p className="text-sm text-zinc-600">{t('detail.noOutputYet')}</p>
      </Section>
    ) : null;
  }
  const kind = outputKindOf(output.media_type);
  const label = t('detail.outputLabel', { name: output.file_name });
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(output.file_size / 1000);
  return (
    <Section
      title={t('detail.output')}
      actions={
        url && (
          <a href={url} download={output.file_name} className={buttonClasses('primary', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            {t('detail.download')}
          </a>
        )
      }
    >
      <p className="mb-3 text-sm text-zinc-600">
        <span dir="ltr" className="font-mono">{output.file_name}</span> · {output.media_type} · {size}
      </p>
      {!url ? (
        <p className="text-sm text-zinc-600">{t('detail.outputExpired')}</p>
      ) : kind === 'video' ? (
        <video data-testid="output-player" src={url} controls preload="metadata" aria-label={label} className="max-h-[60dvh] w-full rounded-lg bg-black" />
      ) : kind === 'audio' ? (
        <audio data-testid="output-player" src={url} controls preload="metadata" aria-label={label} className="w-full" />
      ) : kind === 'image' ? (
        <img data-testid="output-player" src={url} alt={label} className="max-h-[60dvh] max-w-full rounded-lg ring-1 ring-zinc-200" />
      ) : null}
    </Section>
  );
}

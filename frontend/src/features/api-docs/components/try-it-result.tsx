import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { useTryItOutput } from '../api/get-try-it-output';
import type { TryItTask } from '../api/get-try-it-task';
import type { TryItAnswer } from '../api/send-try-it-request';
import type { ExampleRequest } from '../examples/example-request';
import { CodeBlock } from './code-block';
import { RequestCodeTabs } from './request-code-tabs';

const subheading = 'mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-600';

/** The output where it belongs: a player for sound and pictures, the image of a frame, else a link. */
function OutputMedia({ url, mediaType, name }: { url: string; mediaType: string; name: string }) {
  const { t } = useTranslation('apiDocs');
  if (mediaType.startsWith('video/')) return <video data-testid="try-it-output" controls preload="metadata" src={url} className="max-h-80 w-full rounded-lg bg-black" aria-label={name} />;
  if (mediaType.startsWith('audio/')) return <audio data-testid="try-it-output" controls preload="metadata" src={url} className="w-full" aria-label={name} />;
  if (mediaType.startsWith('image/')) return <img data-testid="try-it-output" src={url} alt={name} className="max-h-80 max-w-full rounded-lg" />;
  return (
    <a href={url} className="text-sm font-medium text-indigo-700 underline underline-offset-2">
      {t('tryIt.openOutput', { name })}
    </a>
  );
}

function TaskOutput({ task }: { task: TryItTask }) {
  const { t } = useTranslation('apiDocs');
  const output = useTryItOutput(task.status === 'completed' ? task.id : undefined);
  if (task.status !== 'completed') return null;
  if (output.isPending) return <Spinner className="size-5" />;
  const url = output.data?.download_url;
  if (!url) return <p className="text-sm text-red-700">{t('tryIt.outputFailed')}</p>;
  return <OutputMedia url={url} mediaType={task.output?.media_type ?? ''} name={task.output?.file_name ?? 'output'} />;
}

function Progress({ task }: { task: TryItTask }) {
  const { t } = useTranslation('apiDocs');
  const percent = Math.round(task.status === 'completed' ? 100 : (task.progress ?? 0));
  return (
    <div className="space-y-1">
      <p role="status" data-testid="try-it-status" className="text-sm text-zinc-800">
        {t(`tryIt.task.${task.status}`)} · {percent}%
      </p>
      <progress value={percent} max={100} aria-label={t('tryIt.progress')} className="h-2 w-full accent-indigo-600" />
    </div>
  );
}

interface ResultProps {
  /** The first answer (the POST's), then the latest of the task's. */
  answer: TryItAnswer | undefined;
  task: TryItTask | undefined;
  request: ExampleRequest;
}

/** What a run shows: progress, the output in the page, the raw answer, and the request as code. */
export function TryItResult({ answer, task, request }: ResultProps) {
  const { t } = useTranslation('apiDocs');
  const imageUrl = answer?.imageUrl;
  // The image of a frame is the page's own object URL: let it go with the answer.
  useEffect(() => (imageUrl ? () => URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);
  const raw = answer === undefined ? null : imageUrl ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-4">
        {task && <Progress task={task} />}
        {(task?.status === 'completed' || imageUrl) && (
          <section>
            <h5 className={subheading}>{t('tryIt.output')}</h5>
            {task ? <TaskOutput task={task} /> : imageUrl && <OutputMedia url={imageUrl} mediaType={answer?.contentType ?? 'image/jpeg'} name="frame.jpg" />}
          </section>
        )}
        {answer && raw !== null && (
          <section>
            <h5 className={subheading}>{t('tryIt.rawAnswer')}</h5>
            <CodeBlock code={raw === '' ? `HTTP ${answer.status}` : raw} caption={`HTTP ${answer.status} · ${answer.contentType || '—'}`} className="[&_pre]:max-h-72" />
          </section>
        )}
      </div>
      <section className="min-w-0">
        <h5 className={subheading}>{t('tryIt.code')}</h5>
        <RequestCodeTabs request={request} />
      </section>
    </div>
  );
}

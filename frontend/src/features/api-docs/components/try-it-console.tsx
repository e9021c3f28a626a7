import { useMemo, useState, type FormEvent } from 'react';
import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useTryItTask } from '../api/get-try-it-task';
import { TryItNetworkError, useSendTryItRequest } from '../api/send-try-it-request';
import type { Endpoint } from '../endpoints';
import { API_KEY_PLACEHOLDER } from '../examples/example-request';
import { useReferenceTexts } from '../hooks/use-reference-texts';
import { paramText } from '../reference-texts';
import { tryItFormOf, type SampleKind } from '../try-it/try-it-form';
import { initialValues, maskKey, SAMPLES, tryItBody, tryItRequestOf, type TryItValues } from '../try-it/try-it-request';
import { TryItFields } from './try-it-fields';
import { TryItKey, type PickedKey } from './try-it-key';
import { TryItResult } from './try-it-result';

async function loadSample(kind: SampleKind): Promise<Blob> {
  const response = await fetch(SAMPLES[kind].path);
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${SAMPLES[kind].path}`);
  return response.blob();
}

const taskIdOf = (body: unknown): string | undefined => {
  const id = typeof body === 'object' && body !== null ? (body as { task_id?: unknown }).task_id : undefined;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The try-it console of one operation: a form generated from its OpenAPI
 * description, one of the user's keys, and a run that sends the request from
 * the browser to the product API as it is (the curl beside it is the same
 * request), follows the task and shows its output in the page. Loaded only
 * when opened (try-it-launcher.tsx).
 */
export function TryItConsole({ endpoint, baseUrl }: { endpoint: Endpoint; baseUrl: string }) {
  const { t } = useTranslation('apiDocs');
  const texts = useReferenceTexts();
  const form = useMemo(() => {
    const generated = tryItFormOf(endpoint);
    return { ...generated, fields: generated.fields.map((f) => ({ ...f, description: paramText(texts, endpoint.operation, f.name) ?? f.description })) };
  }, [endpoint, texts]);
  const [values, setValues] = useState<TryItValues>(() => initialValues(form));
  const [key, setKey] = useState<PickedKey | null>(null);
  const [showKey, setShowKey] = useState(false);
  const [taskId, setTaskId] = useState<string>();
  const send = useSendTryItRequest();
  const task = useTryItTask(baseUrl, key?.value ?? '', taskId);

  const shownKey = key ? (showKey ? key.value : maskKey(key.value)) : API_KEY_PLACEHOLDER;
  const request = useMemo(() => tryItRequestOf(endpoint, form, values, baseUrl, shownKey), [endpoint, form, values, baseUrl, shownKey]);

  const run = (event: FormEvent) => {
    event.preventDefault();
    if (!key) return;
    setTaskId(undefined);
    const real = tryItRequestOf(endpoint, form, values, baseUrl, key.value);
    send.mutate(
      { method: real.method, url: real.url, headers: real.headers, body: () => tryItBody(form, values, loadSample) },
      { onSuccess: (answer) => setTaskId(answer.status === 202 ? taskIdOf(answer.body) : undefined) },
    );
  };

  const failure = send.error ?? task.error;
  const answer = task.data?.answer ?? send.data;
  const running = send.isPending || (task.data !== undefined && ['queued', 'processing'].includes(task.data.task.status));

  return (
    <div data-testid="try-it-console" className="space-y-5">
      <p className="text-sm text-zinc-600">{t('tryIt.intro')}</p>
      <TryItKey picked={key} onPick={setKey} showKey={showKey} onShowKey={setShowKey} />
      <form onSubmit={run} className="space-y-4" aria-label={t('tryIt.formLabel', { path: endpoint.path })}>
        <TryItFields fields={form.fields} values={values} onChange={setValues} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={running} disabled={!key}>
            <Play aria-hidden="true" className="size-4" />
            {t('tryIt.run')}
          </Button>
          {!key && <span className="text-sm text-zinc-600">{t('tryIt.needKey')}</span>}
        </div>
      </form>
      {failure && (
        <Alert tone="error" title={t('tryIt.failed')}>
          {failure instanceof TryItNetworkError ? t('tryIt.networkError') : failure.message}
        </Alert>
      )}
      <TryItResult answer={answer} task={task.data?.task} request={request} />
    </div>
  );
}

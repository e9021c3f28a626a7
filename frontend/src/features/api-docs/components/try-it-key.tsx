import { useId, useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useExampleKeys } from '../api/list-example-keys';
import { useRevealExampleKey } from '../api/reveal-example-key';

export interface PickedKey {
  id: string;
  value: string;
}

const control = 'w-full min-w-0 rounded-md border-0 bg-white py-1.5 pe-8 ps-2 text-sm text-zinc-900 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-600 disabled:bg-zinc-100';

/**
 * The key a run is sent with. Test keys come first: they cost nothing and
 * their outputs are watermarked and short, which is what a first try needs.
 * The secret is opened only once picked and kept by the console alone.
 */
export function TryItKey({ picked, onPick, showKey, onShowKey }: { picked: PickedKey | null; onPick: (key: PickedKey | null) => void; showKey: boolean; onShowKey: (show: boolean) => void }) {
  const { t } = useTranslation('apiDocs');
  const id = useId();
  const keys = useExampleKeys(true);
  const reveal = useRevealExampleKey();
  const [test, live] = useMemo(() => {
    const list = keys.data?.keys ?? [];
    return [list.filter((k) => k.mode === 'test'), list.filter((k) => k.mode !== 'test')];
  }, [keys.data]);

  const choose = (keyId: string) => {
    onPick(null);
    reveal.reset();
    if (keyId === '') return;
    reveal.mutate(keyId, {
      onSuccess: ({ id: revealed, key }) => {
        reveal.reset();
        onPick({ id: revealed, value: key });
      },
    });
  };
  const selected = reveal.isPending ? (reveal.variables ?? '') : (picked?.id ?? '');
  const option = (key: { id: string; name: string; masked_key: string }) => (
    <option key={key.id} value={key.id}>
      {`${key.name} (${key.masked_key})`}
    </option>
  );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900">
          {t('tryIt.key')}
        </label>
        <select id={id} data-testid="try-it-key" value={selected} disabled={keys.isPending || reveal.isPending} onChange={(event) => choose(event.target.value)} className={`${control} sm:w-auto sm:max-w-full`}>
          <option value="">{t('tryIt.keyPlaceholder')}</option>
          {test.length > 0 && <optgroup label={t('tryIt.testKeys')}>{test.map(option)}</optgroup>}
          {live.length > 0 && <optgroup label={t('tryIt.liveKeys')}>{live.map(option)}</optgroup>}
        </select>
        {(keys.isPending || reveal.isPending) && <Spinner className="size-4" />}
      </div>
      <label className="flex items-center gap-2 text-sm text-zinc-700">
        <input type="checkbox" checked={showKey} onChange={(event) => onShowKey(event.target.checked)} className="size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-600" />
        {t('tryIt.showKey')}
      </label>
      {reveal.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('exampleKey.revealFailed')}
        </p>
      )}
      {keys.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('exampleKey.loadFailed')}
        </p>
      )}
      {keys.isSuccess && test.length + live.length === 0 && (
        <p className="text-sm text-zinc-600">
          <Trans t={t} i18nKey="tryIt.noKeys" components={{ keysPage: <Link to="/api-keys" className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600" /> }} />
        </p>
      )}
    </div>
  );
}

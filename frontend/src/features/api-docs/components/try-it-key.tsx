import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { KeyChoiceNotes, useKeyChoice, type ChosenKey } from './key-choice';

/** The key a run is sent with. */
export type PickedKey = ChosenKey;

const control = 'w-full min-w-0 rounded-md border-0 bg-white py-1.5 pe-8 ps-2 text-sm text-zinc-900 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-600 disabled:bg-zinc-100';

/**
 * The key a run is sent with. Test keys come first: they cost nothing and
 * their outputs are watermarked and short, which is what a first try needs.
 * The secret is opened only once picked and kept by the console alone.
 */
export function TryItKey({ picked, onPick, showKey, onShowKey }: { picked: PickedKey | null; onPick: (key: PickedKey | null) => void; showKey: boolean; onShowKey: (show: boolean) => void }) {
  const { t } = useTranslation('apiDocs');
  const id = useId();
  const choice = useKeyChoice(onPick, picked?.id ?? null);
  const [test, live] = useMemo(() => {
    const list = choice.keys.data?.keys ?? [];
    return [list.filter((k) => k.mode === 'test'), list.filter((k) => k.mode !== 'test')];
  }, [choice.keys.data]);
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
        <select id={id} data-testid="try-it-key" value={choice.selected} disabled={choice.busy} onChange={(event) => choice.choose(event.target.value)} className={`${control} sm:w-auto sm:max-w-full`}>
          <option value="">{t('tryIt.keyPlaceholder')}</option>
          {test.length > 0 && <optgroup label={t('tryIt.testKeys')}>{test.map(option)}</optgroup>}
          {live.length > 0 && <optgroup label={t('tryIt.liveKeys')}>{live.map(option)}</optgroup>}
        </select>
        {choice.busy && <Spinner className="size-4" />}
      </div>
      <label className="flex items-center gap-2 text-sm text-zinc-700">
        <input type="checkbox" checked={showKey} onChange={(event) => onShowKey(event.target.checked)} className="size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-600" />
        {t('tryIt.showKey')}
      </label>
      <KeyChoiceNotes choice={choice} emptyText="tryIt.noKeys" />
    </div>
  );
}

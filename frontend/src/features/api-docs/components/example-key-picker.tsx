import { useId } from 'react';
import { KeySquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { useExampleKey } from '../hooks/example-key';
import { KeyChoiceNotes, useKeyChoice } from './key-choice';

/** Puts one of the user's keys into every example on the page, or the placeholder back. */
export function ExampleKeyPicker() {
  const { t } = useTranslation('apiDocs');
  const id = useId();
  const example = useExampleKey();
  const choice = useKeyChoice((key) => example.set(key && { keyId: key.id, value: key.value }), example.keyId);
  const list = choice.keys.data?.keys ?? [];

  return (
    <div className="mt-3 space-y-2 rounded-lg bg-zinc-50 p-3 ring-1 ring-inset ring-zinc-200">
      <div className="flex flex-wrap items-center gap-2">
        <KeySquare aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
        <label htmlFor={id} className="text-sm font-medium text-zinc-900">
          {t('exampleKey.label')}
        </label>
        <select
          id={id}
          data-testid="example-key-picker"
          value={choice.selected}
          disabled={choice.busy}
          onChange={(event) => choice.choose(event.target.value)}
          className="w-full min-w-0 rounded-md border-0 bg-white py-1.5 pe-8 ps-2 text-sm text-zinc-900 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-600 disabled:bg-zinc-100 sm:w-auto sm:max-w-full"
        >
          <option value="">{t('exampleKey.placeholder')}</option>
          {list.map((key) => (
            <option key={key.id} value={key.id}>
              {`${key.name} (${key.masked_key})`}
            </option>
          ))}
        </select>
        {choice.busy && <Spinner className="size-4" />}
      </div>
      <KeyChoiceNotes choice={choice} emptyText="exampleKey.none" />
      <p className="text-xs text-zinc-600" role="status">
        {example.keyId ? t('exampleKey.inUse') : t('exampleKey.hint')}
      </p>
    </div>
  );
}

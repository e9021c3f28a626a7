import { useId } from 'react';
import { KeySquare } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useExampleKeys } from '../api/list-example-keys';
import { useRevealExampleKey } from '../api/reveal-example-key';
import { useExampleKey } from '../hooks/example-key';

const linkClasses = 'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600';

/** Puts one of the user's keys into every example on the page, or the placeholder back. */
export function ExampleKeyPicker() {
  const { t } = useTranslation('apiDocs');
  const id = useId();
  const keys = useExampleKeys(true);
  const reveal = useRevealExampleKey();
  const example = useExampleKey();

  const choose = (keyId: string) => {
    example.set(null);
    reveal.reset();
    if (keyId === '') return;
    reveal.mutate(keyId, {
      onSuccess: ({ id: revealed, key }) => {
        reveal.reset(); // the context holds it from here; nothing else keeps a copy
        example.set({ keyId: revealed, value: key });
      },
    });
  };

  const list = keys.data?.keys ?? [];
  const selected = reveal.isPending ? (reveal.variables ?? '') : (example.keyId ?? '');

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
          value={selected}
          disabled={keys.isPending || reveal.isPending}
          onChange={(event) => choose(event.target.value)}
          className="w-full min-w-0 rounded-md border-0 bg-white py-1.5 pe-8 ps-2 text-sm text-zinc-900 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-600 disabled:bg-zinc-100 sm:w-auto sm:max-w-full"
        >
          <option value="">{t('exampleKey.placeholder')}</option>
          {list.map((key) => (
            <option key={key.id} value={key.id}>
              {`${key.name} (${key.masked_key})`}
            </option>
          ))}
        </select>
        {(keys.isPending || reveal.isPending) && <Spinner className="size-4" />}
      </div>
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
      {keys.isSuccess && list.length === 0 && (
        <p className="text-sm text-zinc-600">
          <Trans t={t} i18nKey="exampleKey.none" components={{ keysPage: <Link to="/api-keys" className={linkClasses} /> }} />
        </p>
      )}
      <p className="text-xs text-zinc-600" role="status">
        {example.keyId ? t('exampleKey.inUse') : t('exampleKey.hint')}
      </p>
    </div>
  );
}

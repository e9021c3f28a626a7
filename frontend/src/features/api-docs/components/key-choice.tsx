import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useExampleKeys } from '../api/list-example-keys';
import { useRevealExampleKey } from '../api/reveal-example-key';

/** A key picked from the user's list, with its secret opened. */
export interface ChosenKey {
  id: string;
  value: string;
}

/**
 * Picking one of the user's keys from a list: its secret is opened on the
 * pick and handed to `onPick` alone (null while none is picked or while it
 * opens), so the docs' examples and the try-it console keep it each their own way.
 */
export function useKeyChoice(onPick: (key: ChosenKey | null) => void, pickedId: string | null) {
  const keys = useExampleKeys(true);
  const reveal = useRevealExampleKey();
  const choose = (keyId: string) => {
    onPick(null);
    reveal.reset();
    if (keyId === '') return;
    reveal.mutate(keyId, {
      onSuccess: ({ id, key }) => {
        reveal.reset(); // the picker's owner holds it from here; nothing else keeps a copy
        onPick({ id, value: key });
      },
    });
  };
  return {
    keys,
    choose,
    /** The option shown: the one being opened, else the one picked. */
    selected: reveal.isPending ? (reveal.variables ?? '') : (pickedId ?? ''),
    busy: keys.isPending || reveal.isPending,
    revealFailed: reveal.isError,
  };
}

/** What a key picker says when the list or a secret could not be read, or when there is no key to pick. */
export function KeyChoiceNotes({ choice, emptyText }: { choice: ReturnType<typeof useKeyChoice>; emptyText: 'exampleKey.none' | 'tryIt.noKeys' }) {
  const { t } = useTranslation('apiDocs');
  const { keys } = choice;
  return (
    <>
      {choice.revealFailed && (
        <p role="alert" className="text-sm text-red-700">
          {t('exampleKey.revealFailed')}
        </p>
      )}
      {keys.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('exampleKey.loadFailed')}
        </p>
      )}
      {keys.isSuccess && keys.data.keys.length === 0 && (
        <p className="text-sm text-zinc-600">
          <Trans t={t} i18nKey={emptyText} components={{ keysPage: <Link to="/api-keys" className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600" /> }} />
        </p>
      )}
    </>
  );
}

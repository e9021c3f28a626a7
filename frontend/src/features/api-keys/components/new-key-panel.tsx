import { useEffect, useRef, useState } from 'react';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';

/** The full key, shown once, until the user confirms they copied it. */
export function NewKeyPanel({ name, value, onConfirm }: { name: string; value: string; onConfirm: () => void }) {
  const { t } = useTranslation('apiKeys');
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // A key rolled from its row far below, or made on a phone, is shown where the eye and the screen reader go next.
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'nearest' });
    heading.current?.focus({ preventScroll: true });
  }, [value]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false); // clipboard blocked: the value stays selectable
    }
  };

  return (
    <section aria-labelledby="new-key-heading" className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:p-6">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <div className="min-w-0 flex-1">
          <h2 id="new-key-heading" ref={heading} tabIndex={-1} className="font-semibold text-emerald-900 focus:outline-none">
            {t('newKey.title', { name })}
          </h2>
          <p className="mt-1 text-sm text-emerald-800">{t('newKey.warning')}</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <code data-testid="new-api-key" dir="ltr" className="block min-w-0 flex-1 select-all break-all rounded-lg bg-white px-3 py-2 font-mono text-sm text-zinc-900 ring-1 ring-emerald-200">
              {value}
            </code>
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? t('newKey.copied') : t('newKey.copy')}
            </Button>
          </div>
          <Button className="mt-4" onClick={onConfirm}>
            {t('newKey.confirm')}
          </Button>
        </div>
      </div>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Copies `value`; the label names what is copied, for screen readers and for the tooltip. */
export function CopyButton({ value, label, className = '' }: { value: string; label: string; className?: string }) {
  const { t } = useTranslation('apiDocs');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false); // clipboard blocked: the text stays selectable
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      title={label}
      className={`inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </button>
  );
}

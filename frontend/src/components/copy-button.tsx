import type { ReactNode } from 'react';
import { Check, Copy, X, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { useCopyFeedback } from '../lib/use-copy-feedback';

export interface CopyButtonProps {
  /** The text, or a function that fetches it first (a secret opened only when copied). */
  value: string | (() => Promise<string>);
  /** Names what is copied, for screen readers and the tooltip. */
  label: string;
  /** The visible text; the icon alone when absent. */
  children?: ReactNode;
  className?: string;
  /** `dark` on dark surfaces such as code blocks. */
  tone?: 'light' | 'dark';
  onCopied?: () => void;
  /** The icon before anything is copied; Copy unless two buttons side by side copy different things. */
  icon?: LucideIcon;
}

const TONES = {
  light: 'text-zinc-600 ring-1 ring-inset ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900',
  dark: 'text-zinc-300 hover:bg-zinc-800 hover:text-white',
} as const;

export function CopyButton({ value, label, children, className = '', tone = 'light', onCopied, icon = Copy }: CopyButtonProps) {
  const { t } = useTranslation();
  const [state, report] = useCopyFeedback();

  const copy = async () => {
    let text: string;
    try {
      text = typeof value === 'string' ? value : await value();
    } catch {
      report(false);
      return;
    }
    const copied = await copyText(text);
    report(copied);
    if (copied) onCopied?.();
  };

  const Icon = state === 'copied' ? Check : state === 'failed' ? X : icon;
  const feedback = state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : null;
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        title={label}
        className={`inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ${TONES[tone]} focus-visible:outline-2 focus-visible:outline-indigo-600 ${className}`}
      >
        <Icon aria-hidden="true" className={`size-3.5 ${state === 'failed' ? 'text-red-600' : state === 'copied' ? 'text-emerald-600' : ''}`} />
        {children && <span>{feedback ?? children}</span>}
      </button>
      {/* Buttons hide their content from assistive technology: the outcome is announced beside it. */}
      <span aria-live="polite" className="sr-only">
        {feedback}
      </span>
    </>
  );
}

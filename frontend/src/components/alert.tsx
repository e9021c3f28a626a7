import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type Tone = 'error' | 'success' | 'info';

const TONES: Record<Tone, { box: string; icon: typeof Info }> = {
  error: { box: 'bg-red-50 text-red-800 ring-red-200', icon: AlertCircle },
  success: { box: 'bg-emerald-50 text-emerald-800 ring-emerald-200', icon: CheckCircle2 },
  info: { box: 'bg-indigo-50 text-indigo-800 ring-indigo-200', icon: Info },
};

export interface AlertProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

/** A banner; errors are announced at once (role=alert), the rest politely (role=status). */
export function Alert({ tone = 'info', title, children, onDismiss, className = '' }: AlertProps) {
  const { t } = useTranslation();
  const { box, icon: Icon } = TONES[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset ${box} ${className}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 text-start">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={title ? 'mt-1 break-words opacity-90' : 'break-words'}>{children}</div>}
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} aria-label={t('dismiss')} className="shrink-0 rounded p-0.5 opacity-70 hover:opacity-100">
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}

import { useId, useState, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from './text-field';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
}

/** A password input with a show/hide toggle that keeps its own visibility state. */
export function PasswordField({ label, className = '', ...rest }: PasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-700">
        {label}
      </label>
      <div className="relative">
        <input id={id} type={visible ? 'text' : 'password'} className={`${inputClasses} pe-10`} {...rest} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          aria-pressed={visible}
          className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-lg text-zinc-500 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}

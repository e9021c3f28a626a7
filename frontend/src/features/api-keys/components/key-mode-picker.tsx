import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyMode } from '@frameforge/functions/kernel/contracts/key-modes';

export interface KeyModePickerProps {
  value: ApiKeyMode;
  onChange: (mode: ApiKeyMode) => void;
  /** Live keys need an active subscription; without one, only test keys can be picked. */
  liveAllowed: boolean;
}

/** Live or test, each with what it means, so the choice is made knowing the caps. */
export function KeyModePicker({ value, onChange, liveAllowed }: KeyModePickerProps) {
  const { t } = useTranslation('apiKeys');
  const name = useId();
  const options: { mode: ApiKeyMode; hint: string; disabled: boolean }[] = [
    { mode: 'live', hint: liveAllowed ? t('mode.liveHint') : t('mode.liveNeedsPlan'), disabled: !liveAllowed },
    { mode: 'test', hint: t('mode.testHint'), disabled: false },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-900">{t('mode.label')}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.mode}
            className={`flex gap-3 rounded-lg p-3 ring-1 ring-inset ${value === option.mode ? 'bg-indigo-50/60 ring-indigo-600' : 'ring-zinc-200'} ${option.disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-zinc-50'}`}
          >
            <input
              type="radio"
              name={name}
              value={option.mode}
              checked={value === option.mode}
              disabled={option.disabled}
              onChange={() => onChange(option.mode)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-zinc-900">{t(`mode.${option.mode}`)}</span>
              <span className="block text-xs text-zinc-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

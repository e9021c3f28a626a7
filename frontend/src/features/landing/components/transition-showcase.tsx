import { useTranslation } from 'react-i18next';
import { CUSTOM_TRANSITION, NAMED_TRANSITION_COUNT, XFADE_TRANSITIONS } from '../transitions';

export function TransitionShowcase() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="transitions-heading" className="border-y border-zinc-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="transitions-heading" className="text-3xl font-semibold tracking-tight text-zinc-900">
          {t('transitions.title', { count: NAMED_TRANSITION_COUNT })}
        </h2>
        <p className="mt-3 max-w-2xl text-zinc-600">{t('transitions.subtitle')}</p>
        <ul className="mt-8 flex flex-wrap gap-2" dir="ltr">
          {XFADE_TRANSITIONS.map((name) => (
            <li key={name} className="rounded-md bg-zinc-100 px-2.5 py-1 font-mono text-xs text-zinc-700">
              {name}
            </li>
          ))}
          <li className="rounded-md bg-indigo-50 px-2.5 py-1 font-mono text-xs text-indigo-700 ring-1 ring-inset ring-indigo-200">{CUSTOM_TRANSITION}</li>
        </ul>
        <p className="mt-4 text-sm text-zinc-500">{t('transitions.customNote')}</p>
      </div>
    </section>
  );
}

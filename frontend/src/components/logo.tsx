import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-zinc-900">
      <span className="flex size-7 items-center justify-center rounded-lg bg-indigo-600 text-white">
        <Clapperboard aria-hidden="true" className="size-4" />
      </span>
      {t('appName')}
    </span>
  );
}

import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Marks what a test key made or is: a key in the list, a request in the logs. */
export function TestBadge() {
  const { t } = useTranslation('common');
  return (
    <span
      data-testid="test-badge"
      title={t('testBadge.title')}
      className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-600/30"
    >
      <FlaskConical aria-hidden="true" className="size-3" />
      {t('testBadge.label')}
      <span className="sr-only">: {t('testBadge.title')}</span>
    </span>
  );
}

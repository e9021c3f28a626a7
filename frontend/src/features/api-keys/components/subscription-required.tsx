import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';

export function SubscriptionRequired({ className = '' }: { className?: string }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Alert tone="info" className={className}>
      <p>{t('subscriptionRequired.body')}</p>
      <p className="mt-1">{t('subscriptionRequired.testKeysNow')}</p>
      <Link to="/subscription" className="mt-2 inline-flex items-center gap-1 font-medium underline underline-offset-2 hover:no-underline">
        {t('subscriptionRequired.viewPlans')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </Link>
    </Alert>
  );
}

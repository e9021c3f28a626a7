import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';

/** Until billing lands, every account shows as without a subscription. */
export function SubscriptionStatusCard() {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600">
          <CreditCard aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold text-zinc-900">{t('subscription.none')}</h2>
          <p className="mt-0.5 text-sm text-zinc-600">{t('subscription.noneBody')}</p>
        </div>
      </div>
      <Link to="/subscription" className={buttonClasses('primary', 'md')}>
        {t('subscription.viewPlans')}
      </Link>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../lib/auth-session';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { checkoutBannersOf, withoutBanner, type CheckoutBanner } from '../../features/billing/checkout-banners';
import { CheckoutBannerList } from '../../features/billing/components/checkout-banner-list';
import { PlanGrid } from '../../features/billing/components/plan-grid';
import { SubscriptionOverview } from '../../features/billing/components/subscription-overview';
import { currentTierOf } from '../../features/billing/plan-action';
import { PageHeader } from './page-header';

export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const { signOut } = useAuth();
  const [params, setParams] = useSearchParams();
  const { data, error, isPending } = useSubscription();
  const onNotAuthenticated = () => void signOut();
  const dismiss = (banner: CheckoutBanner) => setParams((current) => withoutBanner(current, banner), { replace: true });

  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <CheckoutBannerList banners={checkoutBannersOf(params)} onDismiss={dismiss} />
      <SubscriptionOverview data={data} error={error} onNotAuthenticated={onNotAuthenticated} />
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="mb-4 text-lg font-semibold text-zinc-900">
          {t('plansTitle')}
        </h2>
        <PlanGrid
          currentTier={currentTierOf(data?.subscription)}
          loading={isPending}
          adminAccess={data?.subscription?.admin_access ?? false}
          onNotAuthenticated={onNotAuthenticated}
        />
      </section>
    </div>
  );
}

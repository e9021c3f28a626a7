import { useSearchParams } from 'react-router-dom';
import { PaymentConfirmation } from '../../features/billing/components/payment-confirmation';
import { SuccessNotFound } from '../../features/billing/components/success-not-found';
import { successViewOf } from '../../features/billing/success-view';

/** Stripe's return page after a paid checkout. */
export function SuccessPage() {
  const [params] = useSearchParams();
  const view = successViewOf(params);
  if (view.kind === 'notFound') return <SuccessNotFound />;
  return <PaymentConfirmation sessionId={view.sessionId} />;
}

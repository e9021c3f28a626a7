import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation';
import { PaymentSuccess } from './payment-success';

/** Waits for Stripe's webhook, then shows the result with the fresh subscription. */
export function PaymentConfirmation({ sessionId }: { sessionId: string | null }) {
  const { t } = useTranslation('subscription');
  const confirmed = usePaymentConfirmation();

  if (confirmed) return <PaymentSuccess sessionId={sessionId} />;
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <Loader2 aria-hidden="true" className="size-10 animate-spin text-indigo-600" />
      <p role="status" className="text-sm font-medium text-zinc-700">
        {t('success.confirming')}
      </p>
    </div>
  );
}

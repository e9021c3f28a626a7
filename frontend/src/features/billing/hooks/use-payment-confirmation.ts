import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reloadSubscription } from '../api/get-subscription';

/** Stripe's webhook usually lands within this time; reading the subscription sooner would show the old one. */
export const CONFIRMATION_DELAY_MS = 2000;

/** False while the payment is being confirmed; true once the subscription has been read again. */
export function usePaymentConfirmation(): boolean {
  const client = useQueryClient();
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void reloadSubscription(client).then(() => {
        if (!cancelled) setConfirmed(true);
      });
    }, CONFIRMATION_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [client]);

  return confirmed;
}

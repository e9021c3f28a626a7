import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import { isNotAuthenticated } from '../../../lib/api-client';
import { startCheckout } from '../api/start-checkout';
import { usePageRestored } from './use-page-restored';

export interface Checkout {
  /** The tier whose button was clicked, until the browser leaves or the call fails. */
  pendingTier: Tier | null;
  choose: (tier: Tier) => Promise<void>;
}

export function useCheckout(onNotAuthenticated: () => void): Checkout {
  const { t } = useTranslation('subscription');
  const [pendingTier, setPendingTier] = useState<Tier | null>(null);
  usePageRestored(useCallback(() => setPendingTier(null), []));

  const choose = async (tier: Tier) => {
    setPendingTier(tier);
    try {
      // On success the browser is already on its way to Stripe: the button stays busy.
      await startCheckout(tier);
    } catch (error) {
      setPendingTier(null);
      if (isNotAuthenticated(error)) onNotAuthenticated();
      else window.alert(t('errors.checkout'));
    }
  };

  return { pendingTier, choose };
}

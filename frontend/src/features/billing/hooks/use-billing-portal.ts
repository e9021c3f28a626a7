import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotAuthenticated } from '../../../lib/api-client';
import { errorMessageOr } from '../../../lib/auth-errors';
import { createPortalSession, type PortalFlow } from '../api/create-portal-session';
import { usePageRestored } from './use-page-restored';

/** Which button is on its way to the portal: its home page, or the card update. */
export type PortalTarget = 'home' | PortalFlow;

export interface BillingPortal {
  busy: PortalTarget | null;
  open: (customerId: string | null, flow?: PortalFlow) => Promise<void>;
}

export function useBillingPortal(onNotAuthenticated: () => void): BillingPortal {
  const { t } = useTranslation('subscription');
  const [busy, setBusy] = useState<PortalTarget | null>(null);
  usePageRestored(useCallback(() => setBusy(null), []));

  const open = async (customerId: string | null, flow?: PortalFlow) => {
    if (!customerId) {
      window.alert(t('errors.noCustomer'));
      return;
    }
    setBusy(flow ?? 'home');
    try {
      await createPortalSession(customerId, flow);
    } catch (error) {
      setBusy(null);
      if (isNotAuthenticated(error)) onNotAuthenticated();
      else window.alert(t('errors.portal', { message: errorMessageOr(error, t('errors.unknown')) }));
    }
  };

  return { busy, open };
}

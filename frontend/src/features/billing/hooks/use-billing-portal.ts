import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotAuthenticated } from '../../../lib/api-client';
import { errorMessageOr } from '../../../lib/auth-errors';
import { createPortalSession } from '../api/create-portal-session';
import { usePageRestored } from './use-page-restored';

export interface BillingPortal {
  busy: boolean;
  open: (customerId: string | null) => Promise<void>;
}

export function useBillingPortal(onNotAuthenticated: () => void): BillingPortal {
  const { t } = useTranslation('subscription');
  const [busy, setBusy] = useState(false);
  usePageRestored(useCallback(() => setBusy(false), []));

  const open = async (customerId: string | null) => {
    if (!customerId) {
      window.alert(t('errors.noCustomer'));
      return;
    }
    setBusy(true);
    try {
      await createPortalSession(customerId);
    } catch (error) {
      setBusy(false);
      if (isNotAuthenticated(error)) onNotAuthenticated();
      else window.alert(t('errors.portal', { message: errorMessageOr(error, t('errors.unknown')) }));
    }
  };

  return { busy, open };
}

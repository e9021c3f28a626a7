import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth-session';
import { confirmEmailChange } from '../api/account-auth';
import { profileQueryKey } from '../api/profile';
import { useSettingsMessages } from '../components/settings-messages';
import type { SettingsStatus } from './use-settings-status';

export const VERIFY_EMAIL_PARAM = 'verify_email';

/** The new-address e-mail links to /settings?verify_email=CODE: confirm it once, then drop the code from the address. */
export function useEmailVerificationLink(status: SettingsStatus): void {
  const [params, setParams] = useSearchParams();
  const code = params.get(VERIFY_EMAIL_PARAM)?.trim() ?? '';
  const handled = useRef<string | null>(null);
  const { refresh } = useAuth();
  const client = useQueryClient();
  const messages = useSettingsMessages();

  useEffect(() => {
    if (code === '' || handled.current === code) return;
    handled.current = code;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(VERIFY_EMAIL_PARAM);
        return next;
      },
      { replace: true },
    );
    void status.run(async () => {
      await confirmEmailChange(code);
      // The renewed tokens carry the new address: the layout and the Email card show it.
      await refresh();
      await client.invalidateQueries({ queryKey: profileQueryKey });
      return messages.success('emailUpdated');
    }, messages.authFailure('confirmEmail'));
  }, [code, setParams, status, refresh, client, messages]);
}

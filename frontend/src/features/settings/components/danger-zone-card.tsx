import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useAuth } from '../../../lib/auth-session';
import { useDeleteAccount } from '../api/delete-account';
import { DELETE_WORD, isDeletionConfirmed, SIGN_OUT_AFTER_DELETION_MS } from '../account-deletion';
import type { SettingsStatus } from '../hooks/use-settings-status';
import { SettingsCard } from './settings-card';
import { useSettingsMessages } from './settings-messages';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function DangerZoneCard({ status }: { status: SettingsStatus }) {
  const { t } = useTranslation('settings');
  const messages = useSettingsMessages();
  const { signOut } = useAuth();
  const deletion = useDeleteAccount();

  const deleteAccount = () => {
    status.show(null);
    const confirmed = window.confirm(t('danger.confirm'));
    const typed = confirmed ? window.prompt(t('danger.prompt', { word: DELETE_WORD })) : null;
    if (!isDeletionConfirmed(confirmed, typed)) {
      status.show({ tone: 'error', text: t('messages.deletionCancelled') });
      return;
    }
    void status.run(async () => {
      await deletion.mutateAsync();
      // The page stays busy until the sign-out: nothing may be saved to an account that no longer exists.
      status.show(messages.success('accountDeleted'));
      await wait(SIGN_OUT_AFTER_DELETION_MS);
      await signOut();
    }, messages.failure);
  };

  return (
    <SettingsCard title={t('danger.title')} description={t('danger.description')} icon={TriangleAlert} tone="danger">
      <Button variant="danger" onClick={deleteAccount} disabled={status.busy}>
        {t('danger.submit')}
      </Button>
    </SettingsCard>
  );
}

import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';

export function LoginNotice({ kind, email, onBack }: { kind: 'verifyEmail' | 'checkEmail'; email: string; onBack: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">{t(`${kind}.title`)}</h1>
      <p className="mt-2 text-sm text-zinc-600">{t(`${kind}.body`, { email })}</p>
      <Button variant="secondary" className="mt-6 w-full" onClick={onBack}>
        {t('backToSignIn')}
      </Button>
    </div>
  );
}

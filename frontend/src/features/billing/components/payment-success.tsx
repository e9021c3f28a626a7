import { BookOpen, CheckCircle2, CreditCard, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { planByTier } from '@frameforge/functions/kernel/contracts/plans';
import { buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { useSubscription } from '../api/get-subscription';

export function PaymentSuccess({ sessionId }: { sessionId: string | null }) {
  const { t } = useTranslation('subscription');
  const { data } = useSubscription();
  const tier = data?.subscription?.tier;

  return (
    <Card className="mx-auto max-w-xl p-6 text-center sm:p-10">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CheckCircle2 aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-zinc-900">{t('success.title')}</h1>
      <p className="mt-2 text-lg text-zinc-800">{tier ? t('success.welcome', { plan: planByTier(tier).name }) : t('success.welcomeGeneric')}</p>
      <p className="mt-2 text-sm text-zinc-600">{t('success.body')}</p>
      {sessionId && (
        <p className="mt-4 text-xs text-zinc-500">
          {t('success.sessionId')}{' '}
          <code dir="ltr" className="break-all rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-zinc-700">
            {sessionId}
          </code>
        </p>
      )}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Link to="/api-keys" className={buttonClasses('primary', 'md')}>
          <KeyRound aria-hidden="true" className="size-4" />
          {t('success.createApiKeys')}
        </Link>
        <Link to="/subscription" className={buttonClasses('secondary', 'md')}>
          <CreditCard aria-hidden="true" className="size-4" />
          {t('success.viewSubscription')}
        </Link>
        <Link to="/api-docs" className={buttonClasses('secondary', 'md')}>
          <BookOpen aria-hidden="true" className="size-4" />
          {t('success.readDocs')}
        </Link>
      </div>
    </Card>
  );
}

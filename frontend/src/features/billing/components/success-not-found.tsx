import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/button';

/** /success reached without Stripe's parameters: there is nothing to confirm. */
export function SuccessNotFound() {
  const { t } = useTranslation('subscription');
  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <p aria-hidden="true" className="text-5xl font-semibold text-indigo-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-sm text-zinc-600">{t('notFound.body')}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('notFound.goHome')}
      </Link>
    </div>
  );
}

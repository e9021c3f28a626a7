import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** The router's fallback: heading 'Unexpected Application Error!' and the error message. */
export function RouteErrorPage() {
  const { t } = useTranslation('pages');
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="max-w-lg">
        <h1 className="text-2xl font-semibold text-zinc-900">{t('routeError.title')}</h1>
        <pre className="mt-4 overflow-x-auto whitespace-pre-wrap rounded-lg bg-zinc-100 p-4 text-start text-sm text-red-700">{messageOf(error)}</pre>
        <a href="/" className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500">
          {t('routeError.home')}
        </a>
      </div>
    </main>
  );
}

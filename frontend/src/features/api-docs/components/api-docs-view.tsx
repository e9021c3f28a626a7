import { useMemo } from 'react';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { errorMessageOr } from '../../../lib/auth-errors';
import { useOpenApi } from '../api/get-openapi';
import { ExampleKeyProvider } from '../hooks/example-key';
import { baseUrlOf, endpointsOf } from '../endpoints';
import type { OpenApiDocument } from '../openapi-schema';
import { CallbacksGuide } from './callbacks-guide';
import { DryRunGuide } from './dry-run-guide';
import { EndpointAccordion } from './endpoint-accordion';
import { ErrorFormat } from './error-format';
import { IntroCard } from './intro-card';
import { PlanLimits } from './plan-limits';
import { IdempotencyGuide, LargeFilesGuide } from './requests-guide';
import { TestKeysGuide } from './test-keys-guide';

function Reference({ doc, signedIn }: { doc: OpenApiDocument; signedIn: boolean }) {
  const baseUrl = baseUrlOf(doc, getRuntimeConfig().productApiUrl);
  const endpoints = useMemo(() => endpointsOf(doc), [doc]);
  return (
    <div className="space-y-8">
      <IntroCard baseUrl={baseUrl} title={doc.info.title} version={doc.info.version} keyPicker={signedIn} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <PlanLimits plans={doc['x-plans']} />
        <ErrorFormat doc={doc} />
        <CallbacksGuide />
        <div className="min-w-0 space-y-6">
          <TestKeysGuide />
          <IdempotencyGuide />
          <DryRunGuide />
          <LargeFilesGuide baseUrl={baseUrl} />
        </div>
      </div>
      <EndpointAccordion endpoints={endpoints} plans={doc['x-plans']} baseUrl={baseUrl} tryIt={signedIn} />
    </div>
  );
}

/** The reference, built from the product API's own OpenAPI document; signed in, its examples can carry one of the user's keys. */
export function ApiDocsView({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('apiDocs');
  const { data, error, isPending, isFetching, refetch } = useOpenApi();

  if (isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-sm text-zinc-500">
        <Spinner className="size-8" />
        {t('loading')}
      </div>
    );
  }
  if (error) {
    return (
      <div className="space-y-4">
        <Alert tone="error" title={t('loadFailed')}>
          {errorMessageOr(error, '') || null}
        </Alert>
        <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <ExampleKeyProvider>
      <Reference doc={data} signedIn={signedIn} />
    </ExampleKeyProvider>
  );
}

import { useMemo } from 'react';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '../endpoints';
import { exampleRequestOf } from '../examples/example-request';
import { useExampleKey } from '../hooks/example-key';
import { useReferenceTexts } from '../hooks/use-reference-texts';
import { parametersOf } from '../parameters';
import type { EndpointBadges } from '../plan-badges';
import { paramText, responseText } from '../reference-texts';
import { MarkdownText } from './markdown-text';
import { ParameterList } from './parameter-list';
import { RequestCodeTabs } from './request-code-tabs';
import { ResponseList } from './response-list';
import { TryItLauncher } from './try-it-launcher';

const subheading = 'mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500';

/** What an expanded accordion item shows: notes, parameters, responses and the example request. */
export function EndpointDetails({ endpoint, badges, baseUrl, tryIt = false }: { endpoint: Endpoint; badges: EndpointBadges; baseUrl: string; tryIt?: boolean }) {
  const { t } = useTranslation('apiDocs');
  const texts = useReferenceTexts();
  const apiKey = useExampleKey().value;
  const { operation } = endpoint;
  const rows = useMemo(
    () => parametersOf(endpoint).map((row) => ({ ...row, description: paramText(texts, endpoint.operation, row.name) ?? row.description })),
    [endpoint, texts],
  );
  const request = useMemo(() => exampleRequestOf(endpoint, baseUrl, apiKey), [endpoint, baseUrl, apiKey]);
  const notes = [
    ...(badges.beta ? [t('badges.betaHint')] : []),
    ...badges.endpoint.map((badge) =>
      badge.orHigher ? t('badges.needsOrHigher', { plan: badge.name, feature: badge.feature }) : t('badges.needs', { plan: badge.name, feature: badge.feature }),
    ),
    ...(operation.security === undefined || operation.security.length === 0 ? [t('endpoint.public')] : []),
  ];

  return (
    <div className="space-y-5 border-t border-zinc-200 px-4 py-4 sm:px-5">
      {operation.description && (
        <p className="text-sm break-words text-zinc-600">
          <MarkdownText text={operation.description} />
        </p>
      )}
      {notes.length > 0 && (
        <ul className="space-y-1">
          {notes.map((note) => (
            <li key={note} className="flex items-start gap-2 text-sm text-zinc-700">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
              {note}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-5">
          <section>
            <h4 className={subheading}>{t('endpoint.parameters')}</h4>
            <ParameterList rows={rows} badges={badges.params} />
          </section>
          <section>
            <h4 className={subheading}>{t('endpoint.responses')}</h4>
            <ResponseList responses={operation.responses} describe={(status) => responseText(texts, operation, status)} />
          </section>
        </div>
        <section className="min-w-0">
          <h4 className={subheading}>{t('endpoint.example')}</h4>
          <RequestCodeTabs request={request} />
        </section>
      </div>
      {/* Signed in only: a run needs one of the user's keys. */}
      {tryIt && <TryItLauncher endpoint={endpoint} baseUrl={baseUrl} />}
    </div>
  );
}

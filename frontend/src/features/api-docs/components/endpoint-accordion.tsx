import { useId, useMemo, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '../endpoints';
import { useReferenceTexts } from '../hooks/use-reference-texts';
import type { PlanLimit } from '../openapi-schema';
import { badgesOf } from '../plan-badges';
import { planFeatureText, summaryText } from '../reference-texts';
import { BetaBadge, MethodBadge, PlanBadge } from './badges';
import { EndpointDetails } from './endpoint-details';
import { MarkdownText } from './markdown-text';

interface ItemProps {
  endpoint: Endpoint;
  plans: readonly PlanLimit[];
  baseUrl: string;
  expanded: boolean;
  onToggle: () => void;
  tryIt: boolean;
}

function EndpointItem({ endpoint, plans, baseUrl, expanded, onToggle, tryIt }: ItemProps) {
  const id = useId();
  const texts = useReferenceTexts();
  const badges = useMemo(() => badgesOf(endpoint, plans, (param) => planFeatureText(texts, endpoint.operation, param)), [endpoint, plans, texts]);
  const summary = summaryText(texts, endpoint.operation) ?? endpoint.operation.summary;
  return (
    <li className="min-w-0">
      <h3>
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          className="flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:px-5"
        >
          <MethodBadge method={endpoint.method} />{' '}
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <code dir="ltr" className="font-mono text-sm font-semibold break-all text-zinc-900">
                {endpoint.path}
              </code>{' '}
              {badges.beta && <BetaBadge />}
              {badges.endpoint.map((badge) => (
                <PlanBadge key={badge.tier} badge={badge} />
              ))}
            </span>{' '}
            {summary && (
              <span className="text-sm font-normal break-words text-zinc-600">
                <MarkdownText text={summary} />
              </span>
            )}
          </span>
          <ChevronDown aria-hidden="true" className={`mt-0.5 size-5 shrink-0 text-zinc-400 transition-transform ${expanded ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={`${id}-panel`} role="region" aria-labelledby={`${id}-button`} hidden={!expanded}>
        {/* Built only when opened: eighteen sets of examples nobody looks at cost time on a phone. */}
        {expanded && <EndpointDetails endpoint={endpoint} badges={badges} baseUrl={baseUrl} tryIt={tryIt} />}
      </div>
    </li>
  );
}

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** One item per operation; any number may be open at once. */
/** `tryIt`: each operation offers its try-it console (signed in: a run needs one of the user's keys). */
export function EndpointAccordion({ endpoints, plans, baseUrl, tryIt = false }: { endpoints: Endpoint[]; plans: readonly PlanLimit[]; baseUrl: string; tryIt?: boolean }) {
  const { t } = useTranslation('apiDocs');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const allOpen = endpoints.length > 0 && open.size === endpoints.length;

  return (
    <section aria-labelledby="endpoints-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="endpoints-heading" className="text-lg font-semibold text-zinc-900">
            {t('endpoints.title')}
          </h2>
          <p className="text-sm text-zinc-600">{t('endpoints.subtitle', { count: endpoints.length })}</p>
        </div>
        <button
          type="button"
          onClick={() => setOpen(allOpen ? new Set() : new Set(endpoints.map(keyOf)))}
          className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {allOpen ? t('endpoints.collapseAll') : t('endpoints.expandAll')}
        </button>
      </div>
      <ul className="divide-y divide-zinc-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
        {endpoints.map((endpoint) => (
          <EndpointItem
            key={keyOf(endpoint)}
            endpoint={endpoint}
            plans={plans}
            baseUrl={baseUrl}
            expanded={open.has(keyOf(endpoint))}
            onToggle={() => toggle(keyOf(endpoint))}
            tryIt={tryIt}
          />
        ))}
      </ul>
    </section>
  );
}

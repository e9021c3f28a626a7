import { AlertTriangle } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { errorShapeOf } from '../error-shape';
import { useReferenceTexts } from '../hooks/use-reference-texts';
import type { OpenApiDocument } from '../openapi-schema';
import { errorFieldText } from '../reference-texts';
import { CodeBlock } from './code-block';
import { GuideSection } from './guide-section';
import { inlineCode } from './inline-code';
import { MarkdownText } from './markdown-text';

// A real answer of the API (an unknown field), so the sample shows a hint too.
const SAMPLE_ERROR = {
  error: { code: 'invalid_request', message: 'Unknown parameter width.', param: 'width', hint: "See this endpoint's parameters in the API reference." },
};

export function ErrorFormat({ doc }: { doc: OpenApiDocument }) {
  const { t } = useTranslation('apiDocs');
  const texts = useReferenceTexts();
  const { fields, codes } = errorShapeOf(doc);
  return (
    <GuideSection id="errors-heading" title={t('errors.title')} icon={AlertTriangle}>
      <p>{t('errors.body')}</p>
      <CodeBlock code={JSON.stringify(SAMPLE_ERROR, null, 2)} caption="application/json" />
      {fields.length > 0 && (
        <dl className="space-y-2">
          {fields.map(([name, schema]) => (
            <div key={name}>
              <dt>
                <code dir="ltr" className="font-mono text-xs font-semibold text-zinc-900">
                  {name}
                </code>
              </dt>
              <dd className="text-sm break-words text-zinc-600">
                <MarkdownText text={errorFieldText(texts, name) ?? schema.description ?? ''} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {codes.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-zinc-900">{t('errors.codes')}</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('errors.codes')}>
            {codes.map((code) => (
              <li key={code}>
                <code dir="ltr" className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-800">
                  {code}
                </code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>
        <Trans t={t} i18nKey="errors.taskErrors" components={{ code: inlineCode }} />
      </p>
    </GuideSection>
  );
}

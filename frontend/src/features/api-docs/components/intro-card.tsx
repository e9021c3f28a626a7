import { KeyRound, Server } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { useExampleKey } from '../hooks/example-key';
import { ExampleKeyPicker } from './example-key-picker';
import { HeadedSection } from './headed-section';
import { inlineCode } from './inline-code';

/** Where the API lives and how a request proves whose it is. */
export function IntroCard({ baseUrl, title, version, keyPicker }: { baseUrl: string; title: string; version: string; keyPicker: boolean }) {
  const { t } = useTranslation('apiDocs');
  const key = useExampleKey().value;
  return (
    <Card className="space-y-6 p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-zinc-900">{t('intro.title')}</h2>
        <p className="text-xs text-zinc-500">
          {title} · {t('intro.version', { version })}
        </p>
      </div>

      <HeadedSection level="h3" id="base-url-heading" icon={Server} title={t('intro.baseUrl')}>
        <div className="mt-2 flex min-w-0 items-center gap-2 rounded-lg bg-zinc-50 px-3 py-2 ring-1 ring-inset ring-zinc-200">
          <code data-testid="base-url" dir="ltr" className="min-w-0 flex-1 select-all break-all font-mono text-sm text-zinc-900">
            {baseUrl}
          </code>
          <CopyButton value={baseUrl} label={t('intro.copyBaseUrl')}>{t('copy')}</CopyButton>
        </div>
        <p className="mt-2 text-sm text-zinc-600">{t('intro.baseUrlHint')}</p>
      </HeadedSection>

      <HeadedSection level="h3" id="auth-heading" icon={KeyRound} title={t('intro.authTitle')}>
        <p className="mt-2 text-sm text-zinc-600">
          <Trans t={t} i18nKey="intro.authBody" components={{ code: inlineCode }} />
        </p>
        <pre dir="ltr" className="mt-2 max-w-full overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-zinc-950 px-3 py-2 text-start text-xs text-zinc-100">
          <code>{`X-API-Key: ${key}`}</code>
        </pre>
        <p className="mt-2 text-sm text-zinc-600">
          <Trans
            t={t}
            i18nKey="intro.authKeys"
            components={{ keysPage: <Link to="/api-keys" className="font-medium text-indigo-600 underline-offset-2 hover:underline" />, code: inlineCode }}
          />
        </p>
        {keyPicker && <ExampleKeyPicker />}
      </HeadedSection>
    </Card>
  );
}

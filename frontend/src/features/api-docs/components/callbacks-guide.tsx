import { useState } from 'react';
import { Eye, EyeOff, Webhook } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { errorMessageOr } from '../../../lib/auth-errors';
import { useCallbackSecret } from '../api/get-callback-secret';
import { CodeBlock } from './code-block';
import { CopyButton } from '../../../components/copy-button';
import { GuideSection } from './guide-section';
import { inlineCode } from './inline-code';

const DELIVERY_HEADERS = [
  'POST <your callback_url>',
  'Content-Type: application/json',
  'FrameForge-Event-Id: evt_<task id>_<completed|failed>',
  'FrameForge-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>',
].join('\n');

/** The account's signing secret, fetched only when the user asks for it. */
function SigningSecret() {
  const { t } = useTranslation('apiDocs');
  const [shown, setShown] = useState(false);
  const secret = useCallbackSecret(shown);
  return (
    <div className="space-y-2 rounded-lg bg-zinc-50 p-3 ring-1 ring-inset ring-zinc-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-900">{t('callbacks.secretTitle')}</h3>
        <Button variant="secondary" size="sm" aria-expanded={shown} aria-controls="signing-secret" onClick={() => setShown((open) => !open)}>
          {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          {shown ? t('callbacks.hideSecret') : t('callbacks.showSecret')}
        </Button>
      </div>
      <div id="signing-secret" hidden={!shown}>
        {shown && secret.isPending && <Spinner className="size-5" />}
        {shown && secret.error && (
          <Alert tone="error" title={t('callbacks.secretFailed')}>
            {errorMessageOr(secret.error, '') || null}
          </Alert>
        )}
        {shown && secret.data && (
          <div className="flex min-w-0 items-center gap-2">
            <code data-testid="callback-secret" dir="ltr" className="min-w-0 flex-1 select-all break-all rounded bg-white px-2 py-1 font-mono text-xs text-zinc-900 ring-1 ring-zinc-200">
              {secret.data}
            </code>
            <CopyButton value={secret.data} label={t('callbacks.copySecret')}>{t('copy')}</CopyButton>
          </div>
        )}
      </div>
      <p className="text-xs text-zinc-500">{t('callbacks.secretHint')}</p>
    </div>
  );
}

export function CallbacksGuide() {
  const { t } = useTranslation('apiDocs');
  return (
    <GuideSection id="callbacks-heading" title={t('callbacks.title')} icon={Webhook}>
      <p>
        <Trans t={t} i18nKey="callbacks.body" components={{ code: inlineCode }} />
      </p>
      <CodeBlock code={DELIVERY_HEADERS} caption={t('callbacks.deliveryCaption')} />
      <p>
        <Trans t={t} i18nKey="callbacks.signature" components={{ code: inlineCode }} />
      </p>
      <p>
        <Trans t={t} i18nKey="callbacks.eventId" components={{ code: inlineCode }} />
      </p>
      <p>
        <Trans t={t} i18nKey="callbacks.metadata" components={{ code: inlineCode }} />
      </p>
      <SigningSecret />
    </GuideSection>
  );
}

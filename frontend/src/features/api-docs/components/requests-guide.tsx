import { FileUp, RefreshCcw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { shellWord } from '../examples/render-curl';
import { useExampleKey } from '../hooks/example-key';
import { CodeBlock } from './code-block';
import { GuideSection } from './guide-section';
import { inlineCode } from './inline-code';

/** The three steps of a large input, against the real base URL. */
function uploadSteps(baseUrl: string, apiKey: string): string {
  const key = shellWord(`X-API-Key: ${apiKey}`);
  return [
    '# 1. Ask for an upload: the answer has file_id, upload_url and headers',
    `curl -X POST ${shellWord(`${baseUrl}/uploads`)} \\`,
    `  -H ${key} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"file_name":"input.mp4","content_type":"video/mp4"}'`,
    '',
    '# 2. PUT the bytes to upload_url, with the headers it named',
    `curl -X PUT 'UPLOAD_URL' -H 'Content-Type: video/mp4' --upload-file input.mp4`,
    '',
    '# 3. Use the file_id instead of the upload',
    `curl -X POST ${shellWord(`${baseUrl}/cut`)} \\`,
    `  -H ${key} \\`,
    '  -F file_id=FILE_ID \\',
    '  -F duration=10',
  ].join('\n');
}

export function IdempotencyGuide() {
  const { t } = useTranslation('apiDocs');
  return (
    <GuideSection id="idempotency-heading" title={t('idempotency.title')} icon={RefreshCcw}>
      <p>
        <Trans t={t} i18nKey="idempotency.body" components={{ code: inlineCode }} />
      </p>
      <p>
        <Trans t={t} i18nKey="idempotency.conflict" components={{ code: inlineCode }} />
      </p>
    </GuideSection>
  );
}

export function LargeFilesGuide({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation('apiDocs');
  const apiKey = useExampleKey().value;
  return (
    <GuideSection id="large-files-heading" title={t('largeFiles.title')} icon={FileUp}>
      <p>
        <Trans t={t} i18nKey="largeFiles.limit" components={{ code: inlineCode }} />
      </p>
      <p>
        <Trans t={t} i18nKey="largeFiles.urls" components={{ code: inlineCode }} />
      </p>
      <p>
        <Trans t={t} i18nKey="largeFiles.uploads" components={{ code: inlineCode }} />
      </p>
      <CodeBlock code={uploadSteps(baseUrl, apiKey)} caption="curl" />
    </GuideSection>
  );
}

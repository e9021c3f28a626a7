import { useMemo } from 'react';
import { FileUp, RefreshCcw } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import {
  DEFAULT_PART_BYTES,
  MAX_INPUT_BYTES,
  MULTIPART_THRESHOLD_BYTES,
  PART_URL_BATCH,
  SINGLE_PUT_MAX_BYTES,
} from '@frameforge/functions/features/uploads/contracts/upload-limits';
import { multipartUploadExamples } from '../examples/multipart-upload';
import { useExampleKey } from '../hooks/example-key';
import { CodeTabs } from './code-tabs';
import { GuideSection } from './guide-section';
import { inlineCode } from './inline-code';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** The limits the texts name, from the contract the API enforces; each locale writes its own units. */
const UPLOAD_LIMITS = {
  basic: MAX_INPUT_BYTES.basic / GiB,
  boost: MAX_INPUT_BYTES.boost / GiB,
  elite: MAX_INPUT_BYTES.elite / GiB,
  singlePut: SINGLE_PUT_MAX_BYTES / GiB,
  threshold: MULTIPART_THRESHOLD_BYTES / MiB,
  partSize: DEFAULT_PART_BYTES / MiB,
  batch: PART_URL_BATCH,
};

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

/** The paragraphs above the examples, in reading order: from the body limit to the upload in parts. */
const LARGE_FILE_TEXTS = [
  'largeFiles.limit',
  'largeFiles.urls',
  'largeFiles.uploads',
  'largeFiles.sizes',
  'largeFiles.parts',
  'largeFiles.resume',
  'largeFiles.examples',
] as const;

export function LargeFilesGuide({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation('apiDocs');
  const apiKey = useExampleKey().value;
  const code = useMemo(() => multipartUploadExamples(baseUrl, apiKey), [baseUrl, apiKey]);
  return (
    <GuideSection id="large-files-heading" title={t('largeFiles.title')} icon={FileUp}>
      {LARGE_FILE_TEXTS.map((text) => (
        <p key={text}>
          <Trans t={t} i18nKey={text} values={UPLOAD_LIMITS} components={{ code: inlineCode }} />
        </p>
      ))}
      <CodeTabs code={code} />
      <p>
        <Trans t={t} i18nKey="largeFiles.outputs" components={{ code: inlineCode }} />
      </p>
    </GuideSection>
  );
}

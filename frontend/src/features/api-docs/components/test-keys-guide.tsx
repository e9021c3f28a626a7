import { FlaskConical } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { TEST_MODE } from '@frameforge/functions/kernel/contracts/key-modes';
import { GuideSection } from './guide-section';
import { inlineCode } from './inline-code';

/** The caps and limits the texts name, from the contract the worker and the API apply. */
const VALUES = {
  seconds: TEST_MODE.maxOutputSeconds,
  height: TEST_MODE.maxOutputHeight,
  watermark: TEST_MODE.watermark,
  perMinute: TEST_MODE.requestsPerMinute,
  jobs: TEST_MODE.concurrentJobs,
};

const PARAGRAPHS = ['testKeys.what', 'testKeys.caps', 'testKeys.limits', 'testKeys.live'] as const;

/** What a test key is, what its outputs are capped to and which limits it has of its own. */
export function TestKeysGuide() {
  const { t } = useTranslation('apiDocs');
  return (
    <GuideSection id="test-keys-heading" title={t('testKeys.title')} icon={FlaskConical}>
      {PARAGRAPHS.map((key) => (
        <p key={key}>
          <Trans t={t} i18nKey={key} values={VALUES} components={{ code: inlineCode }} />
        </p>
      ))}
    </GuideSection>
  );
}

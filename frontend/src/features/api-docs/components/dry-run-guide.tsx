import { FlaskConical } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { ESTIMATE_ERROR } from '@frameforge/functions/features/jobs/contracts/estimate-error';
import { GuideSection } from './guide-section';
import { inlineCode } from './inline-code';

/** The measured error of the estimate, from the constant the API's answers carry too. */
const ERROR_VALUES = { median: ESTIMATE_ERROR.medianPercent, worst: ESTIMATE_ERROR.worstPercent };

const DRY_RUN_TEXTS = ['dryRuns.body', 'dryRuns.shape', 'dryRuns.accuracy', 'dryRuns.refusals'] as const;

export function DryRunGuide() {
  const { t } = useTranslation('apiDocs');
  return (
    <GuideSection id="dry-runs-heading" title={t('dryRuns.title')} icon={FlaskConical}>
      {DRY_RUN_TEXTS.map((text) => (
        <p key={text}>
          <Trans t={t} i18nKey={text} values={ERROR_VALUES} components={{ code: inlineCode }} />
        </p>
      ))}
    </GuideSection>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_TEXTS, referenceTextsSchema, type ReferenceTexts } from '../reference-texts';

/** The reference's texts in the page's language; none (so the document's English shows) if the locale lacks them. */
export function useReferenceTexts(): ReferenceTexts {
  const { t, i18n } = useTranslation('apiDocs');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const parsed = referenceTextsSchema.safeParse(t('reference', { returnObjects: true, lng: language }));
    return parsed.success ? parsed.data : NO_TEXTS;
  }, [t, language]);
}

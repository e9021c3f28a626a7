import { useMemo } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageOr } from '../../../lib/auth-errors';
import type { Banner } from '../hooks/use-settings-status';
import { firstValidationKey } from '../schemas';

export type SuccessKey = 'profileUpdated' | 'emailUpdated' | 'passwordUpdated' | 'preferencesSaved' | 'pictureUpdated' | 'pictureRemoved' | 'accountDeleted';

/** The banner texts every card shares, in the interface language. */
export function useSettingsMessages() {
  const { t } = useTranslation('settings');
  return useMemo(
    () => ({
      success: (key: SuccessKey): Banner => ({ tone: 'success', text: t(`messages.${key}`) }),
      /** The first broken rule of a form, as the spec words it. */
      invalid: <T extends FieldValues>(errors: FieldErrors<T>): Banner => {
        const key = firstValidationKey(errors as Record<string, { message?: unknown } | undefined>);
        return { tone: 'error', text: key ? t(`validation.${key}`) : t('messages.failed') };
      },
      /** A backend error shows its own text. */
      failure: (error: unknown): string => errorMessageOr(error, t('messages.failed')),
    }),
    [t],
  );
}

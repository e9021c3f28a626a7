import { useMemo } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authFailureOf, errorMessageOr, type AuthFailure, type AuthFlow } from '../../../lib/auth-errors';
import type { Banner } from '../hooks/use-settings-status';
import { firstValidationKey } from '../schemas';

/** Settings texts for the auth service's refusals; any other refusal is 'Something went wrong'. */
const AUTH_FAILURE_TEXTS = {
  wrongCurrentPassword: 'messages.currentPasswordIncorrect',
  passwordPolicy: 'validation.passwordTooShort',
  passwordFormat: 'messages.passwordFormat',
  tooManyAttempts: 'messages.tooManyAttempts',
  emailInUse: 'messages.emailInUse',
  emailInvalid: 'validation.emailInvalid',
  invalidCode: 'messages.emailLinkInvalid',
  sessionExpired: 'messages.sessionExpired',
} as const satisfies Partial<Record<AuthFailure, string>>;

const authFailureText = (failure: AuthFailure) => (failure in AUTH_FAILURE_TEXTS ? AUTH_FAILURE_TEXTS[failure as keyof typeof AUTH_FAILURE_TEXTS] : 'messages.failed');

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
      /** A portal API error shows its own text (spec). */
      failure: (error: unknown): string => errorMessageOr(error, t('messages.failed')),
      /** The auth service's refusals show our texts, chosen by their code: its own words never reach the page. */
      authFailure:
        (flow: AuthFlow) =>
        (error: unknown): string =>
          t(authFailureText(authFailureOf(error, flow))),
    }),
    [t],
  );
}

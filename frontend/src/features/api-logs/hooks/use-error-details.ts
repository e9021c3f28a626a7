import { useTranslation } from 'react-i18next';
import { isErrorCode } from '@frameforge/functions/kernel/contracts/error-codes';
import { extractErrorDetails, localizeErrorDetails, type ErrorDetails } from '../error-details';

/** A log's error as the modal shows it, in the reader's language where the text is ours (see `localizeErrorDetails`). */
export function useErrorDetails(message: string | null | undefined, code: string | null | undefined): ErrorDetails {
  const { t, i18n } = useTranslation('apiLogs');
  const details = extractErrorDetails(message);
  return localizeErrorDetails(details, i18n.language, isErrorCode(code) ? t(`errorCodes.${code}`) : null);
}

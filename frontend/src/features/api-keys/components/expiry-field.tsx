import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { localDay } from '../key-expiry';

/** The optional expiry day of a key: empty for a key that never expires; today at the earliest. */
export function ExpiryField({ value, onChange, className = '' }: { value: string; onChange: (day: string) => void; className?: string }) {
  const { t } = useTranslation('apiKeys');
  return (
    <TextField
      type="date"
      label={t('expiry.label')}
      hint={t('expiry.hint')}
      min={localDay(new Date())}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={className}
    />
  );
}

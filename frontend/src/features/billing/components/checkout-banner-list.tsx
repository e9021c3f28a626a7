import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import type { CheckoutBanner } from '../checkout-banners';

const TONES = { canceled: 'info', success: 'success' } as const;

export function CheckoutBannerList({ banners, onDismiss }: { banners: CheckoutBanner[]; onDismiss: (banner: CheckoutBanner) => void }) {
  const { t } = useTranslation('subscription');
  if (banners.length === 0) return null;
  return (
    <div className="space-y-3">
      {banners.map((banner) => (
        <Alert key={banner} tone={TONES[banner]} onDismiss={() => onDismiss(banner)}>
          {t(`banners.${banner}`)}
        </Alert>
      ))}
    </div>
  );
}

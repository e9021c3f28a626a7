import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/alert';
import type { Banner } from '../hooks/use-settings-status';

/** The page's one banner; it scrolls into sight, since the action may have started at the bottom of the page. */
export function SettingsBanner({ banner, onDismiss }: { banner: Banner | null; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (banner) box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [banner]);
  return (
    <div ref={box} className="scroll-mt-24" data-testid="settings-banner">
      {banner && (
        <Alert tone={banner.tone} onDismiss={onDismiss}>
          {banner.text}
        </Alert>
      )}
    </div>
  );
}

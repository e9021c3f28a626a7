import { useCallback, useMemo, useRef, useState } from 'react';

export type BannerTone = 'success' | 'error' | 'info';

export interface Banner {
  tone: BannerTone;
  text: string;
}

export interface SettingsStatus {
  banner: Banner | null;
  /** One flag for the whole page: while anything runs, every save button waits. */
  busy: boolean;
  /**
   * Runs one action: the banner is cleared first, then shows what the action answers, or the error's text.
   * A second action while one runs is ignored. Resolves true when the action succeeded.
   */
  run: (action: () => Promise<Banner | void>, describeFailure: (error: unknown) => string) => Promise<boolean>;
  /** A result known without running anything (a validation message, a cancelled deletion). */
  show: (banner: Banner | null) => void;
}

export function useSettingsStatus(): SettingsStatus {
  const [banner, setBanner] = useState<Banner | null>(null);
  const [busy, setBusy] = useState(false);
  // The state update is not seen by a second click in the same frame; the ref is.
  const running = useRef(false);

  const run = useCallback<SettingsStatus['run']>(async (action, describeFailure) => {
    if (running.current) return false;
    running.current = true;
    setBanner(null);
    setBusy(true);
    try {
      const outcome = await action();
      if (outcome) setBanner(outcome);
      return true;
    } catch (error) {
      setBanner({ tone: 'error', text: describeFailure(error) });
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return useMemo(() => ({ banner, busy, run, show: setBanner }), [banner, busy, run]);
}

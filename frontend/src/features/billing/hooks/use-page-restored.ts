import { useEffect } from 'react';

/**
 * Runs when the browser shows this page again from its back-forward cache (Back from Stripe):
 * state such as a spinning button comes back frozen as it was when the page was left.
 */
export function usePageRestored(onRestored: () => void): void {
  useEffect(() => {
    const listener = (event: PageTransitionEvent) => {
      if (event.persisted) onRestored();
    };
    window.addEventListener('pageshow', listener);
    return () => window.removeEventListener('pageshow', listener);
  }, [onRestored]);
}

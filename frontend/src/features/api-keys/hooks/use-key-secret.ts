import { useState } from 'react';
import { useRevealApiKey } from '../api/reveal-api-key';

export interface KeySecret {
  /** The full key while the toggle shows it; null when hidden or not yet loaded. */
  value: string | null;
  shown: boolean;
  loading: boolean;
  failed: boolean;
  toggle: () => void;
  /** The full key for copying, opened through the API when it is not on screen. */
  fetchForCopy: () => Promise<string>;
}

/** The reveal toggle of one key: the secret is fetched on demand and forgotten when hidden. */
export function useKeySecret(id: string): KeySecret {
  const reveal = useRevealApiKey();
  const [shown, setShown] = useState(false);

  const toggle = () => {
    if (shown) {
      setShown(false);
      reveal.reset();
    } else {
      setShown(true);
      reveal.mutate(id);
    }
  };

  const fetchForCopy = async () => {
    if (reveal.data) return reveal.data.key;
    const { key } = await reveal.mutateAsync(id);
    // Copying does not show the key: nothing of it stays in memory unless the toggle asked for it.
    if (!shown) reveal.reset();
    return key;
  };

  return {
    value: shown ? (reveal.data?.key ?? null) : null,
    shown,
    loading: shown && reveal.isPending,
    failed: shown && reveal.isError,
    toggle,
    fetchForCopy,
  };
}

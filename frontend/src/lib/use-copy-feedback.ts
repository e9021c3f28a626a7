import { useCallback, useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** 'Copied' (or 'Copy failed') for two seconds after a copy, then back to the plain label. */
export function useCopyFeedback(): [CopyState, (copied: boolean) => void] {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const report = useCallback((copied: boolean) => setState(copied ? 'copied' : 'failed'), []);
  return [state, report];
}

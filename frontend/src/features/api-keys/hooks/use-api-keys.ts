import { useCallback, useEffect, useState } from 'react';
import type { ApiKeyView } from '@frameforge/functions/contracts/api-keys';
import { errorMessageOr } from '../../../lib/auth-errors';
import { listApiKeys } from '../api/list-api-keys';

export interface ApiKeysState {
  keys: ApiKeyView[];
  loading: boolean;
  error: string | null;
  reload: () => Promise<void>;
}

export function useApiKeys(): ApiKeysState {
  const [keys, setKeys] = useState<ApiKeyView[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await listApiKeys();
      setKeys(answer.keys);
      setError(null);
    } catch (caught) {
      setError(errorMessageOr(caught, ''));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { keys, loading, error, reload };
}

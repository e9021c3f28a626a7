import { createContext, useContext, useState, type ReactNode } from 'react';
import { API_KEY_PLACEHOLDER } from '../examples/example-request';

/**
 * The key the examples are written with: the placeholder, or one of the user's keys that they
 * picked. Held in memory by the docs page only: never in the address, storage or a cache.
 */
interface ExampleKey {
  value: string;
  /** The id of the picked key; null while the examples show the placeholder. */
  keyId: string | null;
  set: (next: { keyId: string; value: string } | null) => void;
}

const ExampleKeyContext = createContext<ExampleKey>({ value: API_KEY_PLACEHOLDER, keyId: null, set: () => undefined });

export function ExampleKeyProvider({ children }: { children: ReactNode }) {
  const [picked, setPicked] = useState<{ keyId: string; value: string } | null>(null);
  return (
    <ExampleKeyContext.Provider value={{ value: picked?.value ?? API_KEY_PLACEHOLDER, keyId: picked?.keyId ?? null, set: setPicked }}>
      {children}
    </ExampleKeyContext.Provider>
  );
}

export function useExampleKey(): ExampleKey {
  return useContext(ExampleKeyContext);
}

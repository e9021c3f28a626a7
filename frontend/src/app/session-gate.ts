import { createContext, useContext } from 'react';

export interface SessionGate {
  /** The session's chunk is loaded and its auth provider is in place. */
  ready: boolean;
  /** Amplify had a stored session at start: until the provider has read it, the visitor's state is unknown. */
  storedSession: boolean;
  /** The path that may show before the session (a signed-out visitor's first screen), if any. */
  shellPath: string | null;
  /** Loads the session now (a signed-out visitor leaving the first screen before it came). */
  request: () => void;
}

export const SessionGateContext = createContext<SessionGate>({ ready: true, storedSession: true, shellPath: null, request: () => undefined });

export const useSessionGate = (): SessionGate => useContext(SessionGateContext);

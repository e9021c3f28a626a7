import { loadedOnUse } from '@frameforge/functions/kernel/adapters/loaded-on-use';

/**
 * A fixture made the first time a test asks for it and handed to every later
 * ask: tests that can share a state (a user, a subscription) each ask for it,
 * so any one of them, alone or in any order, finds it made. A creation that
 * failed is tried again on the next ask rather than failing every test after.
 */
export const lazily: <T>(create: () => Promise<T>) => () => Promise<T> = loadedOnUse;

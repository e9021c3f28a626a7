import { hasUnsafeCharacters } from '@frameforge/functions/contracts/display-text';

/** What is wrong with a key name, if anything: the server's own rule (`POST /generate-api-key`), checked before sending. */
export type KeyNameProblem = 'required' | 'unsafe';

export function keyNameProblem(name: string): KeyNameProblem | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (hasUnsafeCharacters(trimmed)) return 'unsafe';
  return null;
}

/** The key name rule: non-empty after trimming, and text only (no controls, direction overrides or markup). */
export function isValidKeyName(name: string): boolean {
  return keyNameProblem(name) === null;
}

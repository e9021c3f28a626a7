/** The key name rule: required, non-empty after trimming. */
export function isValidKeyName(name: string): boolean {
  return name.trim().length > 0;
}

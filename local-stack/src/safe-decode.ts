/**
 * Percent-decoding that never throws: a malformed escape (`%ff`, `%zz`) is
 * client input, so it must end as a 4xx from the handler, not a crash here.
 */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

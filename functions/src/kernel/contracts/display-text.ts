/**
 * Names that people see (usernames, API key names) hold text only: no
 * control characters (C0, C1, DEL; NUL included), no bidirectional
 * embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069) that
 * can make a name read backwards in the portal and in e-mails, no unpaired
 * surrogate halves (not text at all), and no `<` or `>`, so a name is never
 * markup wherever it is shown. The server's contracts and the portal's
 * forms apply this same rule.
 */
const UNSAFE_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x1f], // C0 controls, NUL included
  [0x7f, 0x9f], // DEL and the C1 controls
  [0x202a, 0x202e], // bidi embeddings and overrides
  [0x2066, 0x2069], // bidi isolates
  [0xd800, 0xdfff], // a surrogate half on its own (a pair reads as one astral code point)
  [0x3c, 0x3c], // <
  [0x3e, 0x3e], // >
];

export function hasUnsafeCharacters(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (UNSAFE_RANGES.some(([low, high]) => code >= low && code <= high)) return true;
  }
  return false;
}

/** The refusal of an unsafe name, worded after the field's name. */
export const unsafeCharactersMessage = (field: string): string =>
  `${field} must not contain control characters, text-direction characters or < >`;

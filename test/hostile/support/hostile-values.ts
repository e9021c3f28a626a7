/**
 * Values a hostile client puts where a field is expected. None of them
 * spells a runtime word (the two JavaScript nothings, error class names) or
 * a source file name, so any such word in an answer was written by the
 * server, not echoed.
 */

export interface HostileValue {
  label: string;
  value: unknown;
}

const big = (unit: string, count: number) => unit.repeat(count);

export const HOSTILE_STRINGS: readonly HostileValue[] = [
  { label: 'empty string', value: '' },
  { label: 'blanks', value: '   \t ' },
  { label: 'huge ascii (100k)', value: big('x', 100_000) },
  { label: 'huge two-byte (20k)', value: big('é', 20_000) },
  { label: 'huge emoji (5k)', value: big('🎬', 5_000) },
  { label: 'NUL inside', value: 'a\u0000b' },
  { label: 'NUL alone', value: '\u0000' },
  { label: 'C0 and escape codes', value: '\u0007\u001b[31mred\u0008' },
  { label: 'C1 controls', value: 'x\u0085\u009b\u009fy' },
  { label: 'right-to-left override', value: '\u202Egnp.exe\u202C' },
  { label: 'bidi isolates', value: '\u2066abc\u2069\u2067' },
  { label: 'lone high surrogate', value: '\uD800' },
  { label: 'lone low surrogate', value: 'a\uDC00b' },
  { label: 'reversed surrogates', value: '\uDC00\uD800' },
  { label: 'emoji', value: '🎬🔥' },
  { label: 'emoji family (ZWJ)', value: '👨‍👩‍👧‍👦' },
  { label: 'combining marks', value: 'Z\u0335\u0321\u0327a\u0334\u0358l\u0336g\u0337o' },
  { label: 'zero-width and BOM', value: '\u200B\uFEFF\u200D' },
  { label: 'Arabic', value: 'مرحبا بالعالم' },
  { label: 'fullwidth digits', value: '１２３' },
  { label: 'Arabic-Indic digits', value: '٣٤' },
  { label: 'script tag', value: '<script>alert(1)</script>' },
  { label: 'attribute break-out', value: '"><img src=x onerror=alert(1)>' },
  { label: 'SQL quote', value: "' OR '1'='1" },
  { label: 'shell substitution', value: '$(id)`id`' },
  { label: 'template syntax', value: '${7*7}{{7*7}}' },
  { label: 'format specifiers', value: '%s%s%n%x' },
  { label: 'CRLF header injection', value: 'a\r\nSet-Cookie: x=y' },
  { label: 'path traversal', value: '../../../../etc/passwd' },
  { label: 'windows traversal', value: '..\\..\\windows\\win.ini' },
  { label: 'percent escapes', value: '%00%zz%E0%A4%A' },
  { label: 'overflowing number text', value: '1e309' },
  { label: 'negative overflow text', value: '-1e309' },
  { label: 'hex number text', value: '0x10' },
  { label: 'not-a-number text', value: 'NaN' },
  { label: 'infinity text', value: 'Infinity' },
  { label: 'negative zero text', value: '-0' },
  { label: '400 digits', value: big('9', 400) },
  { label: 'loopback URL', value: 'http://127.0.0.1:1/x.mp4' },
  { label: 'IPv6 loopback URL', value: 'http://[::1]/a.mp4' },
  { label: 'script URL', value: 'javascript:alert(1)' },
  { label: 'file URL', value: 'file:///etc/passwd' },
  { label: 'huge URL', value: `http://${big('a', 3000)}.example/x.mp4` },
  { label: 'prototype name', value: '__proto__' },
  { label: 'constructor name', value: 'constructor' },
];

export const HOSTILE_NON_STRINGS: readonly HostileValue[] = [
  { label: 'zero', value: 0 },
  { label: 'minus one', value: -1 },
  { label: 'fraction', value: 1.5 },
  { label: 'huge number', value: 1e308 },
  { label: 'huge negative number', value: -1e308 },
  { label: 'beyond safe integer', value: 2 ** 53 + 1 },
  { label: 'tiny number', value: 1e-300 },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'JSON null', value: null },
  { label: 'empty array', value: [] },
  { label: 'array of strings', value: ['a', 'b'] },
  { label: 'array of numbers', value: [1, 2, 3] },
  { label: 'nested arrays', value: [[[['x']]]] },
  { label: 'array of 1000', value: Array.from({ length: 1000 }, (_, i) => i) },
  { label: 'array of objects', value: [{ a: 1 }, {}] },
  { label: 'empty object', value: {} },
  { label: 'object', value: { a: 1, b: 'two' } },
  { label: 'prototype key object', value: JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}') as unknown },
  { label: 'object nested 50 deep', value: Array.from({ length: 50 }).reduce<unknown>((inner) => ({ a: inner }), 1) },
];

export const ALL_HOSTILE_VALUES: readonly HostileValue[] = [...HOSTILE_STRINGS, ...HOSTILE_NON_STRINGS];

/** Field names nobody documented, each odd in its own way. */
export const UNKNOWN_FIELD_NAMES: readonly string[] = ['unexpected_field', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a'.repeat(5000), '\u202Efield', 'fïeld🎬', '', 'x[y][z]', 'files[]extra'];

/** How a value is written in a form field: text as is, anything else as its JSON. */
export const formText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

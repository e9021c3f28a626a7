import { hasUnsafeCharacters } from './display-text';

describe('display text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control (escape)', 'red\u001b[31m'],
    ['a tab inside', 'a\tb'],
    ['a newline', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['a C1 control (CSI)', 'a\u009bb'],
    ['left-to-right embedding', '\u202aabc'],
    ['right-to-left override', '\u202Egnp.exe'],
    ['pop directional formatting', 'abc\u202c'],
    ['a first-strong isolate', '\u2068abc'],
    ['a pop directional isolate', 'abc\u2069'],
    ['a left-to-right isolate', '\u2066abc'],
    ['markup', '<b>bold</b>'],
    ['a lone greater-than sign', 'a > b'],
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00a'],
  ])('refuses %s', (_, text) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
  });

  it.each([
    ['plain text', 'production server'],
    ['accents', 'Zoë Šimić'],
    ['Arabic (right-to-left by its letters, no override)', 'مفتاح الإنتاج'],
    ['Cyrillic', 'Ключ для CI'],
    ['emoji, a surrogate pair', 'deploy 🚀'],
    ['a family emoji joined by ZWJ', '👨‍👩‍👧'],
    ['the right-to-left and left-to-right marks', 'abc\u200f\u200e'],
    ['punctuation', "O'Brien & Co. (test) #1 — 50%"],
  ])('accepts %s', (_, text) => {
    expect(hasUnsafeCharacters(text)).toBe(false);
  });
});

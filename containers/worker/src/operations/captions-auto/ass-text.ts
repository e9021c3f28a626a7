import type { CaptionsParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';

/**
 * Makes recognised text inert in an ASS event: braces would open an override
 * block and a backslash could form `\N`, `\h` or a tag, and libass has no
 * escape for either, so they become look-alikes; line breaks would start a
 * new line of the file.
 */
export function escapeAssText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/\\/g, '/');
}

export function applyCase(text: string, textCase: CaptionsParams['text_case']): string {
  switch (textCase) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'capitalize':
      return text.replace(/^(\P{L}*)(\p{L})/u, (_, lead: string, first: string) => lead + first.toUpperCase());
    default:
      return text;
  }
}

/** ASS time: H:MM:SS.cc, centiseconds. */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/**
 * Wrapper prefixes the API puts in front of the real message when an error passes through a layer
 * (the service around a job, the ffmpeg runner). They say nothing to the reader, so they go.
 */
const WRAPPER_PREFIXES = [
  /^processing failed:\s*/i,
  /^ffmpeg failed:\s*/i,
  /^ffmpeg error:\s*/i,
  /^job failed:\s*/i,
  /^task failed:\s*/i,
  /^service error:\s*/i,
  /^internal error:\s*/i,
  /^upstream error:\s*/i,
];

export type DetailTone = 'error' | 'warning' | 'field' | 'plain';

export interface DetailLine {
  text: string;
  tone: DetailTone;
}

export interface ErrorDetails {
  /** 'What went wrong?'; null when the message has no text at all (the caller shows its fallback). */
  summary: string | null;
  /** The remaining technical lines, in their order. */
  details: DetailLine[];
}

/** Removes every wrapper at the start of a line, however deeply nested ("Processing failed: ffmpeg failed: …"). */
export function stripWrappers(line: string): string {
  let current = line.trim();
  for (;;) {
    const pattern = WRAPPER_PREFIXES.find((prefix) => prefix.test(current));
    if (!pattern) return current;
    current = current.replace(pattern, '').trim();
  }
}

/** How a technical line is coloured: failures red, warnings amber, `name: value` facts (param, hint, code) indigo. */
export function detailToneOf(line: string): DetailTone {
  if (/\b(error|failed|failure|invalid|not found|denied|refused|unsupported|could not|cannot|no such)\b/i.test(line)) return 'error';
  if (/\bwarn(ing)?\b/i.test(line)) return 'warning';
  if (/^[A-Za-z_][\w .-]{0,30}[:=]\s*\S/.test(line)) return 'field';
  return 'plain';
}

/**
 * The modal's reading of a log's error_message: wrappers stripped, the first line starting with
 * 'Error' as the summary (else the first line), the other lines as technical detail.
 */
export function extractErrorDetails(message: string | null | undefined): ErrorDetails {
  const lines = (message ?? '')
    .split(/\r?\n/)
    .map(stripWrappers)
    .filter((line) => line !== '');
  if (lines.length === 0) return { summary: null, details: [] };
  const errorIndex = lines.findIndex((line) => line.startsWith('Error'));
  const summaryIndex = errorIndex >= 0 ? errorIndex : 0;
  const details = lines.filter((_, index) => index !== summaryIndex).map((text) => ({ text, tone: detailToneOf(text) }));
  return { summary: lines[summaryIndex] ?? null, details };
}

/**
 * The reading in the reader's language. The API writes English: in another
 * language the summary is the portal's own text for the error's code, and
 * the API's line goes first among the details (it names the figures). In
 * English, and for a code the portal has no text for, the API's words stay.
 */
export function localizeErrorDetails(details: ErrorDetails, language: string, codeText: string | null): ErrorDetails {
  if (!codeText || language.split('-')[0] === 'en') return details;
  const apiLine = details.summary ? [{ text: details.summary, tone: 'error' as const }] : [];
  return { summary: codeText, details: [...apiLine, ...details.details] };
}

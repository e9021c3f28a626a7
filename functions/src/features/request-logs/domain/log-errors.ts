import type { JobError } from '../../jobs/domain/job';

const MAX_LENGTH = 4000;

/** An error as the logs page reads it: `Error: …` in plain words first, then the detail lines. */
export function errorLines(error: { code?: unknown; message?: unknown; param?: unknown; hint?: unknown }, fallback: string): string {
  const message = typeof error.message === 'string' && error.message ? error.message : fallback;
  const [first = '', ...rest] = message.split('\n');
  const lines = [first.startsWith('Error: ') ? first : `Error: ${first}`, ...rest];
  if (typeof error.param === 'string') lines.push(`Parameter: ${error.param}`);
  if (typeof error.code === 'string') lines.push(`Code: ${error.code}`);
  if (typeof error.hint === 'string' && error.hint) lines.push(`Hint: ${error.hint}`);
  return lines.join('\n').slice(0, MAX_LENGTH);
}

/** The error object of an answer's body, when the body is ours. */
function errorOfBody(body: string | undefined): { code?: unknown; message?: unknown; param?: unknown; hint?: unknown } {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: unknown };
    return typeof parsed.error === 'object' && parsed.error !== null ? (parsed.error as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The detail lines the logs page shows under "What went wrong?", and the error's code; nothing on success. */
export function answerErrorOf(statusCode: number, body: string | undefined): { message: string | null; code: string | null } {
  if (statusCode < 400) return { message: null, code: null };
  const error = errorOfBody(body);
  return { message: errorLines(error, `The request failed with HTTP ${statusCode}.`), code: typeof error.code === 'string' ? error.code : null };
}

/** The lines of the error a task failed with. */
export function taskErrorLines(error: JobError | null): string {
  return error ? errorLines(error, 'The task failed.') : 'Error: The task failed.';
}

/** The code named in stored detail lines (`Code: …`), for rows logged before codes were kept apart. */
export function codeInLines(lines: string): string | null {
  return /^Code: ([a-z0-9_]+)$/m.exec(lines)?.[1] ?? null;
}

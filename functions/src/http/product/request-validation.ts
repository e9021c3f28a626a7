import type { z } from 'zod';
import { ValidationError } from '../../domain/shared/errors';

/**
 * Parses a request body with its endpoint's schema; the first problem
 * becomes a 400 that names the parameter at fault, in plain words.
 */
export function parseRequest<T>(schema: z.ZodType<T>, values: Record<string, unknown>): T {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  if (!issue) throw new ValidationError('The request is not valid.', { param: 'body' });
  if (issue.code === 'unrecognized_keys') {
    const [param = 'body'] = issue.keys;
    throw new ValidationError(`Unknown parameter ${param}.`, { param, hint: "See this endpoint's parameters in the API reference." });
  }
  const param = issue.path.length ? String(issue.path[0]) : 'body';
  if (issue.code === 'invalid_type' && values[param] === undefined) {
    throw new ValidationError(`${param} is required.`, { param });
  }
  throw new ValidationError(`${param} ${describe(issue)}.`, { param });
}

/** zod's words, reworded where they would read oddly after a field name. */
function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'array' ? `needs at least ${String(issue.minimum)} items` : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'array' ? `takes at most ${String(issue.maximum)} items` : `must be at most ${String(issue.maximum)}`;
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be a whole number' : `must be a ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return issue.message === 'Invalid input' ? 'is not valid' : issue.message.replace(/^Invalid input: /, 'is not valid: ');
  }
}

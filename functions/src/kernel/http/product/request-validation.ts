import type { z } from 'zod';
import { paramOfPath } from '../../contracts/metadata';
import { ValidationError } from '../../domain/errors';
import { describeIssue, fieldLabel } from '../issue-wording';

/** What to do about a value zod refused: the rule is in the message, so the hint says where the rules are. */
const hintFor = (issue: z.core.$ZodIssue): string =>
  issue.code === 'custom' ? "See this endpoint's parameters in the API reference." : "See this parameter's type and range in the API reference.";

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
    throw new ValidationError(`Unknown parameter ${fieldLabel(param)}.`, { param, hint: "See this endpoint's parameters in the API reference." });
  }
  const param = paramOfPath(issue.path);
  // A sentence that names the parameter as sent: "The start parameter must be at least 0."
  if (issue.code === 'invalid_type' && issue.path.length <= 1 && values[param] === undefined) {
    throw new ValidationError(`The ${param} parameter is required.`, { param, hint: "See this endpoint's parameters in the API reference." });
  }
  throw new ValidationError(`The ${fieldLabel(param)} parameter ${describeIssue(issue)}.`, { param, hint: hintFor(issue) });
}

import type { z } from 'zod';
import { paramOfPath } from '../../contracts/metadata';
import { ValidationError } from '../../domain/shared/errors';
import { describeIssue, fieldLabel } from '../issue-wording';

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
  if (issue.code === 'invalid_type' && issue.path.length <= 1 && values[param] === undefined) {
    throw new ValidationError(`${param} is required.`, { param });
  }
  throw new ValidationError(`${fieldLabel(param)} ${describeIssue(issue)}.`, { param });
}

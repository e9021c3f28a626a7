import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { z } from 'zod';
import { ValidationError } from '../domain/errors';
import { describeIssue, fieldLabel } from './issue-wording';
import { assertJsonContentType } from './json-content-type';
import { header, rawBody } from './request';

const quotable = (name: string) => {
  const label = fieldLabel(name);
  return label === name ? `"${name}"` : 'with an unexpected name';
};

/** zod's own sentences are replaced by ours; a schema's own messages (the spec's texts) stay. */
const wording: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.length ? String(issue.path[0]) : undefined;
  if (field === undefined) return 'The request body must be a JSON object.';
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required`;
  return `${field} ${describeIssue(issue)}`;
};

/**
 * The one rule of every JSON route: a JSON object sent as application/json
 * in UTF-8, holding only the fields its schema names. Each refusal is a 400
 * that names the field (or the header) at fault.
 */
export function parseJsonBody<S extends z.ZodObject>(event: APIGatewayProxyEvent, schema: S): z.output<S> {
  const raw = rawBody(event);
  assertJsonContentType(header(event, 'content-type'), raw.length > 0);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8') || '{}');
  } catch {
    throw new ValidationError('The request body must be JSON.', { param: 'body' });
  }
  const parsed = schema.strict().safeParse(body, { error: wording });
  if (parsed.success) return parsed.data as z.output<S>;
  const issue = parsed.error.issues.find((i) => i.code === 'unrecognized_keys') ?? parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const [name = ''] = issue.keys;
    throw new ValidationError(`Unknown field ${quotable(name)}: this request takes ${Object.keys(schema.shape).join(', ')}.`, { param: name });
  }
  const param = issue?.path[0];
  throw new ValidationError(issue?.message ?? 'The request body is not valid.', { param: param === undefined ? 'body' : String(param) });
}

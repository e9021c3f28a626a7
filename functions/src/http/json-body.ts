import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { z } from 'zod';
import { ValidationError } from '../domain/shared/errors';
import { rawBody } from './request';

/** A JSON body checked against its schema; a refusal names the field at fault. */
export function parseJsonBody<T>(event: APIGatewayProxyEvent, schema: z.ZodType<T>): T {
  let body: unknown;
  try {
    body = JSON.parse(rawBody(event).toString('utf8') || '{}');
  } catch {
    throw new ValidationError('The request body must be JSON.', { param: 'body' });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path[0];
    throw new ValidationError(issue?.message ?? 'Invalid request body.', {
      param: param === undefined ? 'body' : String(param),
    });
  }
  return parsed.data;
}

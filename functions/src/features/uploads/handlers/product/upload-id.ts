import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { z } from 'zod';
import { NotFoundError } from '../../../../kernel/domain/errors';

/** The path's upload id; one of another shape is answered as any unknown upload is. */
export function ownUploadId(event: APIGatewayProxyEvent, schema: z.ZodType<string>): string {
  const id = event.pathParameters?.file_id ?? '';
  if (!schema.safeParse(id).success) throw new NotFoundError(`No upload with file_id ${id.slice(0, 40)}.`, { param: 'file_id', hint: 'Create one with POST /uploads.' });
  return id;
}

import { FrameForgeError } from './errors.js';
import { OPERATIONS } from './generated/operations.js';
import type { OperationSpec } from './operation-spec.js';
import type { ApiAnswer, RequestOptions, Transport } from './transport.js';
import type { OperationId, ParamsOf, ResultOf } from './types.js';

const BY_ID = new Map<string, OperationSpec>(OPERATIONS.map((operation) => [operation.id, operation]));

export function operationSpec(id: string): OperationSpec {
  const spec = BY_ID.get(id);
  if (!spec) throw new FrameForgeError(`Unknown operation ${id}`);
  return spec;
}

/**
 * Any operation of the API by its operationId, its parameters by their API names: path parameters fill the
 * path, query parameters the query string, and the rest is the body. Processing requests carry an
 * Idempotency-Key, so the retries of one call never make two tasks.
 */
export async function callOperation<Op extends OperationId>(
  transport: Transport,
  id: Op,
  params: ParamsOf<Op>,
  options?: RequestOptions,
): Promise<ApiAnswer<ResultOf<Op>>> {
  const spec = operationSpec(id);
  const fields: Record<string, unknown> = { ...(params as Record<string, unknown> | undefined) };
  let path = spec.path;
  for (const name of spec.pathParams) {
    const value = fields[name];
    if (value === undefined || value === null || value === '') throw new FrameForgeError(`${id} needs ${name}`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    delete fields[name];
  }
  const query: Record<string, unknown> = {};
  for (const name of spec.queryParams) {
    query[name] = fields[name];
    delete fields[name];
  }
  const hasBody = spec.body !== 'none' && Object.keys(fields).length > 0;
  return transport.send<ResultOf<Op>>(
    { method: spec.method, path, query, ...(hasBody ? { body: fields } : {}), idempotent: spec.headerParams.includes('Idempotency-Key') },
    options,
  );
}

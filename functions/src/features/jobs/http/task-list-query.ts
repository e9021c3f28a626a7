import type { APIGatewayProxyEvent } from 'aws-lambda';
import { metadataFieldKey, metadataKeyProblem, metadataValueProblem } from '../../../kernel/contracts/metadata';
import { listTasksQuerySchema } from '../contracts/task-list';
import type { TaskListRequest } from '../domain/task-list';
import { ValidationError } from '../../../kernel/domain/errors';
import { fieldLabel } from '../../../kernel/http/issue-wording';
import { parseRequest } from '../../../kernel/http/product/request-validation';

/** The form creation times are stored in, so a bound compares with them as text. */
const utc = (instant: string | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString());

/**
 * `GET /tasks`' query string as a list request. Each parameter comes once;
 * `metadata[key]=value` (one pair) filters on the caller's own metadata;
 * any other name is a 400 that names it, as a body's unknown field is.
 */
export function taskListRequest(event: APIGatewayProxyEvent): TaskListRequest {
  const given = event.queryStringParameters ?? {};
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) {
    if ((values?.length ?? 0) > 1) throw new ValidationError(`${fieldLabel(name)} is sent more than once; send it once.`, { param: name });
  }
  const plain: Record<string, string> = {};
  const pairs: { key: string; value: string }[] = [];
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const key = metadataFieldKey(name);
    if (key === undefined) Object.defineProperty(plain, name, { value, enumerable: true });
    else pairs.push({ key, value });
  }
  const query = parseRequest(listTasksQuerySchema, plain);
  return {
    limit: query.limit,
    ...(query.starting_after ? { startingAfter: query.starting_after } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.operation ? { endpoint: query.operation } : {}),
    ...(query.created_from ? { createdFrom: utc(query.created_from) } : {}),
    ...(query.created_to ? { createdTo: utc(query.created_to) } : {}),
    ...metadataFilter(pairs),
  };
}

function metadataFilter(pairs: readonly { key: string; value: string }[]): Pick<TaskListRequest, 'metadata'> {
  const [pair, ...more] = pairs;
  if (!pair) return {};
  if (more.length > 0) {
    throw new ValidationError('Filter on one metadata key at a time.', { param: 'metadata', hint: 'Send a single metadata[key]=value, such as metadata[order_id]=A1.' });
  }
  const keyProblem = metadataKeyProblem(pair.key);
  if (keyProblem) throw new ValidationError(`metadata has an invalid key: ${keyProblem}.`, { param: 'metadata' });
  const valueProblem = metadataValueProblem(pair.value);
  if (valueProblem) throw new ValidationError(`${fieldLabel(`metadata[${pair.key}]`)} ${valueProblem}.`, { param: `metadata[${pair.key}]` });
  return { metadata: pair };
}

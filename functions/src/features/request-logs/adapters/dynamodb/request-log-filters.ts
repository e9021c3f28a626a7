import type { LogQuery } from '../../domain/request-log';
import type { PageExpressions } from '../../../../kernel/adapters/dynamodb/newest-first-pages';

/**
 * A logs query in DynamoDB's terms, on the `by-user` index: the time range
 * bounds the key (read no row outside it); the key, status and search
 * narrow the rows read (the filter).
 */
export function queryExpressions(userId: string, query: LogQuery): PageExpressions {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':user': userId };
  const filters: string[] = [];

  let key = 'userId = :user';
  if (query.from && query.to) key += ' AND createdAt BETWEEN :from AND :to';
  else if (query.from) key += ' AND createdAt >= :from';
  else if (query.to) key += ' AND createdAt <= :to';
  if (query.from) values[':from'] = query.from;
  if (query.to) values[':to'] = query.to;

  if (query.apiKeyId) {
    filters.push('apiKeyId = :key');
    values[':key'] = query.apiKeyId;
  }
  if (query.status !== 'all') {
    names['#outcome'] = 'taskOutcome';
    names['#ended'] = 'status';
    values[':failed'] = 'failed';
    if (query.status === 'error') {
      filters.push('(statusCode >= :firstError OR #outcome.#ended = :failed)');
      values[':firstError'] = 400;
    } else {
      filters.push('(statusCode BETWEEN :firstOk AND :lastOk AND (attribute_not_exists(#outcome) OR #outcome.#ended <> :failed))');
      values[':firstOk'] = 200;
      values[':lastOk'] = 299;
    }
  }
  if (query.search?.kind === 'id') {
    filters.push('(requestId = :id OR taskId = :id)');
    values[':id'] = query.search.id;
  } else if (query.search?.kind === 'text') {
    // Endpoints are paths (lower case), methods upper case: either spelling of the text finds them.
    names['#endpoint'] = 'endpoint';
    names['#method'] = 'method';
    filters.push('(contains(#endpoint, :text) OR contains(#endpoint, :lower) OR contains(#method, :upper))');
    values[':text'] = query.search.text;
    values[':lower'] = query.search.text.toLowerCase();
    values[':upper'] = query.search.text.toUpperCase();
  }

  return {
    KeyConditionExpression: key,
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}

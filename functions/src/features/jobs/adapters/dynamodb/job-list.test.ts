import { taskListExpressions } from './job-list';

describe('task list expressions', () => {
  it('reads only the caller’s partition, newest first, with no filter when none is asked', () => {
    expect(taskListExpressions('user-1', { limit: 20 })).toEqual({
      KeyConditionExpression: '#user = :user',
      ExpressionAttributeNames: { '#user': 'userId' },
      ExpressionAttributeValues: { ':user': 'user-1' },
    });
  });

  it('bounds the key by time and filters by status, operation and one metadata pair', () => {
    const expressions = taskListExpressions('user-1', {
      limit: 20,
      createdFrom: '2026-11-01T00:00:00.000Z',
      createdTo: '2026-11-02T00:00:00.000Z',
      status: 'failed',
      endpoint: 'cut',
      metadata: { key: 'order id #1) OR (x', value: 'A1' },
    });
    expect(expressions.KeyConditionExpression).toBe('#user = :user AND #created BETWEEN :from AND :to');
    expect(expressions.FilterExpression).toBe('#status = :status AND #endpoint = :endpoint AND #metadata.#metadataKey = :metadataValue');
    // The caller's key is a name, never part of the expression.
    expect(expressions.ExpressionAttributeNames?.['#metadataKey']).toBe('order id #1) OR (x');
    expect(expressions.ExpressionAttributeValues).toMatchObject({ ':from': '2026-11-01T00:00:00.000Z', ':to': '2026-11-02T00:00:00.000Z', ':status': 'failed', ':endpoint': 'cut', ':metadataValue': 'A1' });
  });

  it('takes either bound alone', () => {
    expect(taskListExpressions('u', { limit: 1, createdFrom: 'a' }).KeyConditionExpression).toBe('#user = :user AND #created >= :from');
    expect(taskListExpressions('u', { limit: 1, createdTo: 'b' }).KeyConditionExpression).toBe('#user = :user AND #created <= :to');
  });
});

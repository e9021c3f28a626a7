import type { APIGatewayProxyEvent } from 'aws-lambda';
import { taskListRequest } from './task-list-query';

const eventOf = (query: Record<string, string>, multi?: Record<string, string[]>) =>
  ({
    queryStringParameters: query,
    multiValueQueryStringParameters: multi ?? Object.fromEntries(Object.entries(query).map(([name, value]) => [name, [value]])),
  }) as unknown as APIGatewayProxyEvent;

const refused = (query: Record<string, string>, multi?: Record<string, string[]>) => {
  try {
    taskListRequest(eventOf(query, multi));
  } catch (error) {
    return error as { code: string; param: string; message: string };
  }
  throw new Error('accepted');
};

describe('GET /tasks query', () => {
  it('defaults to 20 newest first with no filter', () => {
    expect(taskListRequest({ queryStringParameters: null, multiValueQueryStringParameters: null } as unknown as APIGatewayProxyEvent)).toEqual({ limit: 20 });
  });

  it('reads every filter, bounds in the stored UTC form and the operation by id or path', () => {
    expect(
      taskListRequest(
        eventOf({
          limit: '100',
          status: 'failed',
          operation: '/merge_urls',
          created_from: '2026-11-26T11:00:00+01:00',
          created_to: '2026-11-26T12:00:00Z',
          'metadata[order_id]': 'A1',
          starting_after: 'abc_-1',
        }),
      ),
    ).toEqual({
      limit: 100,
      status: 'failed',
      endpoint: 'merge_urls',
      createdFrom: '2026-11-26T10:00:00.000Z',
      createdTo: '2026-11-26T12:00:00.000Z',
      metadata: { key: 'order_id', value: 'A1' },
      startingAfter: 'abc_-1',
    });
    expect(taskListRequest(eventOf({ operation: 'frame_last' })).endpoint).toBe('frame_last');
    expect(taskListRequest(eventOf({ operation: '/captions/auto' })).endpoint).toBe('captions_auto');
    expect(taskListRequest(eventOf({ operation: '/eleven/voices' })).endpoint).toBe('voices');
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ status: 'done' }, 'status'],
    [{ operation: 'transcode' }, 'operation'],
    [{ created_from: 'yesterday' }, 'created_from'],
    [{ created_to: '2026-11-26' }, 'created_to'],
    [{ created_from: '2026-11-27T00:00:00Z', created_to: '2026-11-26T00:00:00Z' }, 'created_from'],
    [{ starting_after: 'a b' }, 'starting_after'],
    [{ page: '2' }, 'page'],
    [{ 'metadata[order_id]': 'x'.repeat(501) }, 'metadata[order_id]'],
    [{ 'metadata[]': 'A1' }, 'metadata'],
    [{ [`metadata[${'k'.repeat(41)}]`]: 'A1' }, 'metadata'],
    [{ 'metadata[a]': '1', 'metadata[b]': '2' }, 'metadata'],
  ])('refuses %j with a 400 naming %s', (query, param) => {
    expect(refused(query)).toMatchObject({ code: 'invalid_request', param });
  });

  it('refuses a parameter sent twice rather than guess which counts', () => {
    expect(refused({ status: 'failed' }, { status: ['failed', 'completed'] })).toMatchObject({ param: 'status' });
  });
});

import { decodeTaskCursor, encodeTaskCursor, isTaskId } from './task-cursor';

const cursor = { createdAt: '2026-11-26T10:00:00.123Z', id: '0b8f5c2e-3f3a-4c1e-9d0a-7a6b5c4d3e2f' };

describe('task list cursors', () => {
  it('read back what they wrote, and show nothing but a time and an id', () => {
    const text = encodeTaskCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTaskCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['JSON of another shape', Buffer.from('{"a":1}').toString('base64url')],
    ['a time in another form', encodeTaskCursor({ ...cursor, createdAt: '2026-11-26' })],
    ['an id that is no task id', encodeTaskCursor({ ...cursor, id: 'abc' })],
    ['an expression smuggled in as the id', encodeTaskCursor({ ...cursor, id: "x' OR 1=1" })],
  ])('refuse %s with a 400 naming starting_after', (_what, text) => {
    expect(() => decodeTaskCursor(text)).toThrow(expect.objectContaining({ code: 'invalid_request', param: 'starting_after' }) as Error);
  });

  it('tell a task id from a cursor', () => {
    expect(isTaskId(cursor.id)).toBe(true);
    expect(isTaskId(encodeTaskCursor(cursor))).toBe(false);
  });
});

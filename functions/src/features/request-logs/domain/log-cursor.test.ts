import { ValidationError } from '../../../kernel/domain/errors';
import { decodeCursor, encodeCursor } from './log-cursor';

describe('log page cursors', () => {
  const cursor = { id: '3f8e7c1a-2b4d-4e6f-8a9b-0c1d2e3f4a5b', createdAt: '2026-03-01T10:00:05.123Z' };

  it('read back as the row they were made from, in URL-safe characters', () => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ['not base64 JSON', 'bm90IGpzb24'],
    ['an object instead of a pair', Buffer.from(JSON.stringify(cursor)).toString('base64url')],
    ['a time that is not one', Buffer.from(JSON.stringify(['yesterday', cursor.id])).toString('base64url')],
    ['an id that is not one', Buffer.from(JSON.stringify([cursor.createdAt, 'x'.repeat(36)])).toString('base64url')],
    ['a key of another shape', Buffer.from(JSON.stringify([cursor.createdAt, { S: cursor.id }])).toString('base64url')],
  ])('refuse %s with a 400 naming cursor', (_, text) => {
    expect(() => decodeCursor(text)).toThrow(ValidationError);
    try {
      decodeCursor(text);
    } catch (error) {
      expect((error as ValidationError).param).toBe('cursor');
    }
  });
});

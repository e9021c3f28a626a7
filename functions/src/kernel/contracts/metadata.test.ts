import { parseRequest } from '../http/product/request-validation';
import { metadataSchema, paramOfPath } from './metadata';
import * as z from 'zod';

const body = z.strictObject({ metadata: metadataSchema.optional() });
const refusal = (metadata: unknown) => {
  try {
    parseRequest(body, { metadata });
  } catch (error) {
    return error as { param: string; message: string };
  }
  throw new Error('accepted');
};

describe('metadata', () => {
  it('takes up to 50 keys of up to 40 characters with string values of up to 500', () => {
    const most = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${String(i).padStart(40, 'k')}`, 'v'.repeat(500)]));
    expect(parseRequest(body, { metadata: most }).metadata).toEqual(most);
    expect(parseRequest(body, { metadata: {} }).metadata).toEqual({});
  });

  it('keeps a key named like a prototype as a plain field', () => {
    const parsed = parseRequest(body, { metadata: JSON.parse('{"constructor":"c","toString":"t"}') as unknown }).metadata;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed).toEqual({ constructor: 'c', toString: 't' });
  });

  it.each([
    ['a string', 'order_id=A1', 'metadata', /must be an object/],
    ['a list', ['A1'], 'metadata', /must be an object/],
    ['51 keys', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])), 'metadata', /at most 50 keys; got 51/],
    ['a key of 41 characters', { ['k'.repeat(41)]: 'v' }, 'metadata', /at most 40 characters/],
    ['an empty key', { '': 'v' }, 'metadata', /must not be empty/],
    ['a key with brackets', { 'a[b]': 'v' }, 'metadata', /\[ or \]/],
    ['a value of 501 characters', { order_id: 'v'.repeat(501) }, 'metadata[order_id]', /^The metadata\[order_id\] parameter must be at most 500 characters\.$/],
    ['a number', { order_id: 1 }, 'metadata[order_id]', /must be a string/],
    ['a nested object', { order: { id: 'A1' } }, 'metadata[order]', /must be a string/],
  ])('refuses %s with a 400 naming the field', (_what, metadata, param, message) => {
    const error = refusal(metadata);
    expect(error).toMatchObject({ code: 'invalid_request', param });
    expect(error.message).toMatch(message);
  });

  it('names one pair as metadata[key] and anything else by its field', () => {
    expect(paramOfPath(['metadata', 'order_id'])).toBe('metadata[order_id]');
    expect(paramOfPath(['metadata'])).toBe('metadata');
    expect(paramOfPath(['start', 0])).toBe('start');
    expect(paramOfPath([])).toBe('body');
  });
});

import { updateProfileRequestSchema } from './profile';

const firstMessage = (body: unknown) => {
  const parsed = updateProfileRequestSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('PUT /profile body', () => {
  it('trims and accepts a username in any script', () => {
    expect(updateProfileRequestSchema.parse({ username: '  Zoë  ' })).toEqual({ username: 'Zoë' });
    expect(updateProfileRequestSchema.parse({ username: 'Марко 👋' })).toEqual({ username: 'Марко 👋' });
  });

  it.each([
    ['NUL', 'ann\u0000a'],
    ['an escape sequence', '\u001b[31mred'],
    ['a C1 control', 'x\u009by'],
    ['a right-to-left override', 'admin\u202Egnp'],
    ['a bidi isolate', '\u2067name\u2069'],
    ['markup', '<script>alert(1)</script>'],
    ['an unpaired surrogate', 'a\uD800'],
  ])('refuses a username with %s, naming the field', (_, username) => {
    expect(firstMessage({ username })).toBe('username must not contain control characters, text-direction characters or < >');
  });

  it('keeps its other refusals first', () => {
    expect(firstMessage({ username: '   ' })).toBe('username is required');
    expect(firstMessage({ username: '<'.repeat(51) })).toBe('username must be at most 50 characters');
  });
});

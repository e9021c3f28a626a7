import { generateApiKeyRequestSchema } from './api-keys';

const firstMessage = (body: unknown) => {
  const parsed = generateApiKeyRequestSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('POST /generate-api-key body', () => {
  it('trims and accepts a name', () => {
    expect(generateApiKeyRequestSchema.parse({ name: '  ci  ' })).toEqual({ name: 'ci' });
  });

  it('names the field in every refusal', () => {
    expect(firstMessage({})).toBe('name is required');
    expect(firstMessage({ name: '   ' })).toBe('name is required');
    expect(firstMessage({ name: 5 })).toBe('name must be text');
    expect(firstMessage({ name: 'x'.repeat(101) })).toBe('name must be at most 100 characters');
  });

  it.each([
    ['NUL', 'ci\u0000key'],
    ['a C1 control', 'ci\u0085key'],
    ['a right-to-left override', '\u202Eyek-ic'],
    ['a bidi isolate', 'ci \u2066key\u2069'],
    ['markup', '<img src=x onerror=alert(1)>'],
  ])('refuses a name with %s, naming the field', (_, name) => {
    expect(firstMessage({ name })).toBe('name must not contain control characters, text-direction characters or < >');
  });

  it('keeps names in any script, emoji included', () => {
    expect(generateApiKeyRequestSchema.parse({ name: 'مفتاح 🚀' })).toEqual({ name: 'مفتاح 🚀' });
  });

  it('says what the body must be when it is not an object', () => {
    expect(firstMessage(null)).toBe('The request body must be a JSON object with a name.');
    expect(firstMessage([])).toBe('The request body must be a JSON object with a name.');
  });
});

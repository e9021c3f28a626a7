import { firstErrorKey } from './form-errors';

describe('firstErrorKey', () => {
  const ORDER = ['emailRequired', 'emailInvalid', 'passwordRequired'] as const;

  it('reports the earliest key in the given order, whatever the field order', () => {
    expect(firstErrorKey({ password: { message: 'passwordRequired' }, email: { message: 'emailInvalid' } }, ORDER)).toBe('emailInvalid');
  });

  it('ignores messages outside the order and fields without an error', () => {
    expect(firstErrorKey({ email: undefined, root: { message: 'Something else' } }, ORDER)).toBeNull();
  });
});

import { parseRequestTarget } from './request-target';

describe('the request target, read as API Gateway reads it', () => {
  it('keeps a path that starts with two slashes a path, never a host', () => {
    const target = parseRequestTarget('//evil.example/task/abc?download=1');
    expect(target.path).toBe('//evil.example/task/abc');
    expect(target.query.get('download')).toBe('1');
    expect(parseRequestTarget('//task/x').path).toBe('//task/x');
  });

  it('keeps percent-escapes and dot segments as sent', () => {
    expect(parseRequestTarget('/task/a%20b/../x').path).toBe('/task/a%20b/../x');
  });

  it('takes the path of an absolute-form target and drops its host', () => {
    const target = parseRequestTarget('http://evil.example/task/abc?x=1');
    expect(target.path).toBe('/task/abc');
    expect(target.query.get('x')).toBe('1');
    expect(parseRequestTarget('http://evil.example').path).toBe('/');
  });

  it('reads repeated query parameters in order', () => {
    expect(parseRequestTarget('/uploads?part=1&part=2').query.getAll('part')).toEqual(['1', '2']);
  });
});

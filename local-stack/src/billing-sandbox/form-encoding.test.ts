import { ParamReader, parseBody, parseForm } from './form-encoding';

describe('form encoding', () => {
  it('reads Stripe bracket notation into nested values', () => {
    const params = new ParamReader(
      parseForm('line_items[0][price]=price_a&line_items[0][quantity]=2&metadata[userId]=u1&expand[0]=subscription&expand[1]=customer&subscription_data[metadata][k]=v'),
    );
    const [line] = params.list('line_items');
    expect(line?.string('price')).toBe('price_a');
    expect(line?.integer('quantity')).toBe(2);
    expect(params.metadata('metadata')).toEqual({ userId: 'u1' });
    expect(params.strings('expand')).toEqual(['subscription', 'customer']);
    expect(params.object('subscription_data')?.metadata('metadata')).toEqual({ k: 'v' });
  });

  it('names the offending parameter the way Stripe does', () => {
    const [line] = new ParamReader(parseForm('items[0][quantity]=two')).list('items');
    expect(() => line?.integer('quantity')).toThrow(expect.objectContaining({ param: 'items[0][quantity]', code: 'parameter_invalid_integer' }));
    expect(() => line?.requiredString('price')).toThrow(expect.objectContaining({ param: 'items[0][price]', code: 'parameter_missing' }));
    expect(() => new ParamReader(parseForm('cancel_at_period_end=yes')).boolean('cancel_at_period_end')).toThrow('Invalid boolean: yes');
  });

  it('merges metadata, removing keys set to an empty string', () => {
    expect(new ParamReader(parseForm('metadata[a]=&metadata[c]=3')).metadata('metadata', { a: '1', b: '2' })).toEqual({ b: '2', c: '3' });
    expect(new ParamReader(parseForm('metadata=')).metadata('metadata', { a: '1' })).toEqual({});
  });

  it('accepts JSON bodies for sandbox controls', () => {
    expect(parseBody('application/json', '{"seconds":60}')).toEqual({ seconds: 60 });
    expect(parseBody('application/x-www-form-urlencoded', 'seconds=60')).toEqual({ seconds: '60' });
    expect(() => parseBody('application/json', '[1]')).toThrow('The JSON body must be an object.');
  });
});

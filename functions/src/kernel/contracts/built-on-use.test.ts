import * as z from 'zod';
import { builtOnUse } from './built-on-use';

describe('a schema built on use', () => {
  it('is built at its first use, once, and parses as the schema it wraps', () => {
    let builds = 0;
    const schema = builtOnUse(() => {
      builds += 1;
      return z.object({ w: z.coerce.number().int().min(2) });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ w: '4' })).toEqual({ w: 4 });
    expect(schema.safeParse({ w: 1 }).success).toBe(false);
    expect(Object.keys(schema.unwrap().shape)).toEqual(['w']);
    expect(schema.unwrap()).toBe(schema.unwrap());
    expect(builds).toBe(1);
  });
});

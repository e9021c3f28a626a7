import { baseUrlOf, endpointsOf, type Endpoint } from './endpoints';
import { errorShapeOf } from './error-shape';
import { FIXTURE } from './openapi-fixture';
import { openApiDocumentSchema } from './openapi-schema';
import { parametersOf } from './parameters';
import { badgesOf } from './plan-badges';

const endpoint = (method: string, path: string): Endpoint => {
  const found = endpointsOf(FIXTURE).find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the fixture`);
  return found;
};
const row = (e: Endpoint, name: string) => parametersOf(e).find((r) => r.name === name);

describe('the endpoint list', () => {
  it('has one item per path and method, in the document order', () => {
    expect(endpointsOf(FIXTURE).map((e) => `${e.method} ${e.path}`)).toEqual([
      'get /healthz',
      'post /frame/last',
      'post /crop',
      'post /merge_urls',
      'post /redub_vc',
      'post /captions/auto',
      'post /uploads',
      'get /task/{id}',
      'get /file',
    ]);
  });

  it('takes the base URL from servers[0] without a trailing slash, else the fallback', () => {
    expect(baseUrlOf(FIXTURE, 'https://fallback.test')).toBe('https://api.example.test');
    expect(baseUrlOf({ ...FIXTURE, servers: [] }, 'https://fallback.test/')).toBe('https://fallback.test');
  });

  it('refuses a document that is not OpenAPI 3', () => {
    expect(openApiDocumentSchema.safeParse({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} }).success).toBe(false);
  });
});

describe('parameters', () => {
  it('marks the required body fields and gives their limits', () => {
    const crop = endpoint('post', '/crop');
    expect(row(crop, 'w')).toMatchObject({ required: true, type: 'integer', location: 'body', constraints: [{ kind: 'range', min: 2, max: 7680 }] });
    expect(row(crop, 'h')?.required).toBe(true);
    expect(row(crop, 'file')).toMatchObject({ required: false, type: 'file', description: 'The file itself, as a multipart part.' });
  });

  it('lists header, path and query parameters before the body', () => {
    expect(parametersOf(endpoint('post', '/crop'))[0]).toMatchObject({ name: 'Idempotency-Key', location: 'header', required: false });
    expect(parametersOf(endpoint('get', '/task/{id}'))).toEqual([expect.objectContaining({ name: 'id', location: 'path', required: true, type: 'string (uuid)' })]);
    expect(row(endpoint('get', '/file'), 'path')).toMatchObject({ location: 'query', required: true });
  });

  it('shows a form flag as a boolean with the texts it accepts, and keeps the description', () => {
    const flag = row(endpoint('post', '/crop'), 'download');
    expect(flag?.type).toBe('boolean');
    expect(flag?.values).toEqual(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off']);
    expect(flag?.description).toMatch(/^1 waits for the result/);
  });

  it('gives defaults, enum values, list item limits and union types', () => {
    const merge = endpoint('post', '/merge_urls');
    expect(row(merge, 'duration')).toMatchObject({ defaultValue: '0.5', constraints: [{ kind: 'range', min: 0.05, max: 10 }] });
    expect(row(merge, 'transition')?.values).toEqual(['fade', 'wipeleft', 'custom']);
    expect(row(merge, 'urls')).toMatchObject({
      type: 'string (uri)[]',
      constraints: [{ kind: 'items', max: 20 }, { kind: 'length', max: 2048 }, { kind: 'pattern', pattern: '^https?:\\/\\/[^\\s]+$' }],
    });
    expect(row(endpoint('post', '/captions/auto'), 'style_effects')).toMatchObject({ type: 'string[] | string', values: ['karaoke', 'fade'] });
  });

  it('has none for an operation without parameters', () => {
    expect(parametersOf(endpoint('get', '/healthz'))).toEqual([]);
  });
});

describe('plan badges', () => {
  it('puts a rule on an optional setting beside that parameter, as Boost+', () => {
    expect(badgesOf(endpoint('post', '/merge_urls'), FIXTURE['x-plans'])).toEqual({
      beta: false,
      endpoint: [],
      params: { transition: [{ tier: 'boost', name: 'Boost', orHigher: true, feature: 'Transitions' }] },
    });
  });

  it('gives the whole endpoint a rule on its main upload or a required parameter', () => {
    expect(badgesOf(endpoint('post', '/captions/auto'), FIXTURE['x-plans']).endpoint).toEqual([{ tier: 'boost', name: 'Boost', orHigher: true, feature: 'Auto captions' }]);
    const vc = badgesOf(endpoint('post', '/redub_vc'), FIXTURE['x-plans']);
    expect(vc.beta).toBe(true);
    expect(vc.endpoint).toEqual([{ tier: 'elite', name: 'Elite', orHigher: false, feature: 'Voice conversion (/redub_vc, beta)' }]);
    expect(Object.keys(vc.params)).toEqual(['bg_source']);
  });

  it('has no badge for an endpoint every plan has', () => {
    expect(badgesOf(endpoint('post', '/crop'), FIXTURE['x-plans'])).toEqual({ beta: false, endpoint: [], params: {} });
  });
});

describe('the error shape', () => {
  it('reads the fields and codes of components.schemas.Error', () => {
    const { fields, codes } = errorShapeOf(FIXTURE);
    expect(fields.map(([name]) => name)).toEqual(['code', 'message', 'param', 'hint']);
    expect(codes).toEqual(['invalid_request', 'plan_required', 'rate_limited']);
  });
});

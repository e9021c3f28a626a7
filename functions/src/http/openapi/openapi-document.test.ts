import { JOB_ENDPOINTS } from '../../contracts/product-endpoints';
import { openApiDocument } from './openapi-document';

type Operation = { requestBody?: { content: Record<string, { schema: { properties: Record<string, { default?: unknown }>; required?: string[] } }> }; 'x-plans'?: { rules: { param: string; scope: string }[] } };

describe('the OpenAPI document', () => {
  const document = openApiDocument('https://api.example.test');
  const post = (path: string) => (document.paths[path] as unknown as { post: Operation }).post;
  const body = (path: string) => post(path).requestBody?.content['multipart/form-data']?.schema;

  it('is OpenAPI 3.1 with one operation per processing endpoint', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of JOB_ENDPOINTS) expect(post(endpoint.path)).toBeDefined();
  });

  it('carries the documented defaults, flags as 0/1 and the effect list comma-separated', () => {
    expect(body('/frame/last')?.properties.epsilon?.default).toBe(0.12);
    expect(body('/frame/last')?.properties.jpg_quality?.default).toBe(2);
    expect(body('/cut')?.properties.download?.default).toBe(0);
    expect(body('/redub')?.properties.download?.default).toBe(1);
    expect(body('/merge_urls')?.properties.v_preset?.default).toBe('slow');
    expect(body('/captions/auto')?.properties.style_effects?.default).toBe('karaoke,fade');
    expect(body('/crop')?.required).toEqual(expect.arrayContaining(['w', 'h']));
  });

  it('lists file parts in multipart bodies only: urlencoded and JSON bodies cannot carry a file', () => {
    const content = (path: string) => post(path).requestBody?.content ?? {};
    expect(Object.keys(content('/cut')['multipart/form-data']?.schema.properties ?? {})).toEqual(expect.arrayContaining(['file', 'url', 'file_id']));
    for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
      expect(Object.keys(content('/cut')[type]?.schema.properties ?? {})).toEqual(expect.arrayContaining(['url', 'file_id']));
      expect(content('/cut')[type]?.schema.properties.file).toBeUndefined();
      expect(content('/merge')[type]?.schema.properties.files).toBeUndefined();
      expect(content('/redub')[type]?.schema.properties.video_file).toBeUndefined();
      expect(JSON.stringify(content('/captions/auto')[type]?.schema)).not.toContain('"binary"');
    }
  });

  it('asks no key of the public operations and the key of every other', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.values(item as Record<string, { security?: unknown }>).map((op) => [path, op.security] as const));
    const open = operations.filter(([, security]) => Array.isArray(security) && security.length === 0).map(([path]) => path);
    expect(open.sort()).toEqual(['/', '/healthz', '/openapi.json']);
    for (const [path, security] of operations) if (!open.includes(path)) expect([path, security]).toEqual([path, [{ ApiKey: [] }]]);
  });

  it('says which plan rules cover a whole endpoint and which one parameter', () => {
    expect(post('/captions/auto')['x-plans']?.rules).toEqual([expect.objectContaining({ param: 'video', scope: 'endpoint' })]);
    expect(post('/merge_urls')['x-plans']?.rules).toEqual([expect.objectContaining({ param: 'transition', scope: 'param' })]);
  });
});

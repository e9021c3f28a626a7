import { JOB_ENDPOINTS } from '../../jobs/contracts/product-endpoints';
import { openApiDocument } from './openapi-document';

type Webhook = {
  post: { operationId: string; security: unknown[]; parameters: { name: string; required: boolean }[]; requestBody: { content: Record<string, { schema: { $ref: string } }> }; responses: Record<string, unknown> };
};
type EventSchema = { properties: Record<string, { const?: string; allOf?: unknown[] }> };
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

  it('describes each callback as a webhook: its signed headers, its event body around the task, the answers it expects', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(['task.canceled', 'task.completed', 'task.failed']);
    for (const [name, status] of [['task.completed', 'completed'], ['task.failed', 'failed'], ['task.canceled', 'canceled']] as const) {
      const { post: hook } = document.webhooks[name] as unknown as Webhook;
      expect(hook.operationId).toBe(`task_${status}`);
      expect(hook.security).toEqual([]);
      expect(hook.parameters.map((p) => [p.name, p.required])).toEqual([['FrameForge-Signature', true], ['FrameForge-Event-Id', true], ['User-Agent', true]]);
      expect(Object.keys(hook.responses)).toEqual(['2XX', '4XX', '5XX']);
      const ref = hook.requestBody.content['application/json']?.schema.$ref ?? '';
      const schemas = document.components.schemas as Record<string, unknown>;
      const event = schemas[ref.replace('#/components/schemas/', '')] as EventSchema;
      expect(event.properties.type?.const).toBe(name);
      expect(event.properties.data?.allOf).toEqual([{ $ref: '#/components/schemas/Task' }, { properties: { status: { const: status } } }]);
    }
    // The docs page keys its texts by the operation ids of paths: a webhook must not take one of theirs.
    const pathIds = Object.values(document.paths).flatMap((item) => Object.values(item as unknown as Record<string, { operationId: string }>).map((op) => op.operationId));
    expect(pathIds).not.toEqual(expect.arrayContaining(['task_completed']));
    expect(pathIds).not.toEqual(expect.arrayContaining(['task_failed']));
    expect(pathIds).not.toEqual(expect.arrayContaining(['task_canceled']));
  });

  it('says which plan rules cover a whole endpoint and which one parameter', () => {
    expect(post('/captions/auto')['x-plans']?.rules).toEqual([expect.objectContaining({ param: 'video', scope: 'endpoint' })]);
    expect(post('/merge_urls')['x-plans']?.rules).toEqual([expect.objectContaining({ param: 'transition', scope: 'param' })]);
  });
});

import { openApiDocument } from './openapi-document';

type Parameter = { name: string; in: string; schema: Record<string, unknown>; style?: string };
type Operation = { operationId: string; parameters: Parameter[]; responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> };

describe('GET /tasks in the OpenAPI document', () => {
  const document = openApiDocument('https://api.example.test');
  const list = (document.paths['/tasks'] as unknown as { get: Operation }).get;

  it('takes every filter and the cursor as query parameters, metadata as a deep object', () => {
    expect(list.operationId).toBe('list_tasks');
    expect(list.parameters.map((p) => [p.name, p.in])).toEqual(
      ['limit', 'starting_after', 'status', 'operation', 'created_from', 'created_to', 'metadata'].map((name) => [name, 'query']),
    );
    expect(list.parameters.find((p) => p.name === 'limit')?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(list.parameters.find((p) => p.name === 'status')?.schema.enum).toEqual(['queued', 'processing', 'completed', 'failed', 'canceled']);
    expect(list.parameters.find((p) => p.name === 'operation')?.schema.enum).toEqual(expect.arrayContaining(['cut', 'merge_urls', 'captions_auto']));
    expect(list.parameters.find((p) => p.name === 'metadata')?.style).toBe('deepObject');
  });

  it('answers a list of the same task objects as GET /task/{id}, and names bad filters in a 400', () => {
    expect(list.responses['200']?.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/TaskList');
    const schemas = document.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    expect(schemas.TaskList?.properties.data).toEqual(expect.objectContaining({ items: { $ref: '#/components/schemas/Task' } }));
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '5XX']));
  });
});

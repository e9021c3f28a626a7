import { JOB_ENDPOINTS } from '../../jobs/contracts/product-endpoints';
import { openApiDocument } from './openapi-document';

type Schema = { properties?: Record<string, Record<string, unknown>> };
type Operation = { requestBody: { content: Record<string, { schema: Schema }> } };

describe('metadata in the OpenAPI document', () => {
  const document = openApiDocument('https://api.example.test');

  it('is a field of every processing request, in every encoding, with Stripe’s limits', () => {
    for (const endpoint of JOB_ENDPOINTS) {
      const { content } = (document.paths[endpoint.path] as unknown as { post: Operation }).post.requestBody;
      for (const [type, { schema }] of Object.entries(content)) {
        expect([endpoint.path, type, schema.properties?.metadata]).toEqual([
          endpoint.path,
          type,
          expect.objectContaining({ type: 'object', maxProperties: 50, additionalProperties: { type: 'string', maxLength: 500 } }),
        ]);
      }
    }
  });

  it('is on the task object, which lists and callbacks carry', () => {
    const schemas = document.components.schemas as Record<string, Schema>;
    expect(schemas.Task?.properties?.metadata).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
  });
});

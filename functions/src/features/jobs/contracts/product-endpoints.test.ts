import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROCESSING_ROUTES } from '../../../kernel/contracts/processing-paths';
import { JOB_ENDPOINTS } from './product-endpoints';

describe("the kernel's processing routes and the jobs room's endpoint table", () => {
  it('name the same endpoints, in the same order', () => {
    expect(PROCESSING_ROUTES.map((route) => route.path)).toEqual(JOB_ENDPOINTS.map((endpoint) => endpoint.path));
  });

  it("route each endpoint to the handler module that serves that endpoint's job type", () => {
    for (const [index, route] of PROCESSING_ROUTES.entries()) {
      const endpoint = JOB_ENDPOINTS[index];
      const source = readFileSync(join(__dirname, '..', 'handlers', `${route.handler}.ts`), 'utf8');
      expect({ handler: route.handler, serves: /jobEndpointOf\('([a-z_]+)'\)/.exec(source)?.[1] }).toEqual({ handler: route.handler, serves: endpoint?.type });
    }
  });
});

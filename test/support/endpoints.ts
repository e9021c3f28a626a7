import type { Endpoints } from '@frameforge/local-stack/stack';

/** The endpoints of the stack that the global setup started. */
export function testEndpoints(): Endpoints {
  const raw = process.env.FRAMEFORGE_ENDPOINTS;
  if (!raw) throw new Error('No local stack: run these tests through `npm test` (jest --selectProjects stack).');
  return JSON.parse(raw) as Endpoints;
}

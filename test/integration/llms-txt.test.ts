import { testEndpoints } from '../support/endpoints';

/** The portal's /llms.txt, as an agent reads it: plain text at the site's root naming every operation the API documents. */

const endpoints = testEndpoints();

describe('llms.txt', () => {
  it('is served at the portal root as plain text and describes every operation of the OpenAPI document', async () => {
    const answer = await fetch(`${endpoints.portal}/llms.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await answer.text();
    expect(text).toMatch(/^# FrameForge API\n\n> /);
    const document = (await (await fetch(`${endpoints.productApi}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, id: operation.operationId })));
    expect(operations.length).toBeGreaterThan(20);
    for (const { path, method, id } of operations) expect(text).toContain(`### ${method.toUpperCase()} ${path}\n\n\`${id}\`.`);
  });
});

import { relative } from 'node:path';
import { featuresDir, handlerSourceOf, lambdaFunctions } from './bundle-layout';

describe('handler sources', () => {
  it('finds every function of the route table in exactly one feature room', () => {
    const sources = lambdaFunctions().map((f) => relative(featuresDir, handlerSourceOf(f.handler).file));
    expect(sources.length).toBeGreaterThan(50);
    for (const source of sources) expect(source).toMatch(/^[a-z-]+\/handlers\/(product|portal|billing|triggers|streams)\/[a-z-]+\.ts$/);
    expect(handlerSourceOf('product/get-task').feature).toBe('jobs');
    expect(handlerSourceOf('portal/list-api-keys').feature).toBe('api-keys');
    expect(handlerSourceOf('streams/task-outcomes').feature).toBe('request-logs');
  });

  it('names the handler it cannot find', () => {
    expect(() => handlerSourceOf('product/no-such-thing')).toThrow('Handler product/no-such-thing is in 0 features: none');
  });
});

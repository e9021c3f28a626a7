import { TEST_MODE } from '../../../kernel/contracts/key-modes';
import { openApiDocument } from './openapi-document';

describe('the OpenAPI document on test keys', () => {
  const scheme = openApiDocument('https://api.example.com').components.securitySchemes.ApiKey;

  it('states what test keys are, their caps and their limits, from the numbers that apply', () => {
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(scheme.description).toContain('`ff_test_…`');
    expect(scheme.description).toContain(`at most ${TEST_MODE.maxOutputSeconds} seconds long and ${TEST_MODE.maxOutputHeight} pixels high`);
    expect(scheme.description).toContain(`${TEST_MODE.requestsPerMinute} processing requests per minute per key`);
    expect(scheme.description).toContain('never count against your plan');
  });

  it('gives programs the same numbers under x-test-mode', () => {
    expect(scheme['x-test-mode']).toEqual({
      key_prefix: 'ff_test_',
      max_output_seconds: TEST_MODE.maxOutputSeconds,
      max_output_height: TEST_MODE.maxOutputHeight,
      watermark: TEST_MODE.watermark,
      requests_per_minute: TEST_MODE.requestsPerMinute,
      concurrent_jobs: TEST_MODE.concurrentJobs,
    });
  });
});

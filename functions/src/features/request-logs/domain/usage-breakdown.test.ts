import { JOB_ENDPOINTS } from '../../jobs/contracts/product-endpoints';
import { isProcessingRequest, PROCESSING_PATHS } from '../../../kernel/contracts/processing-paths';
import type { DailyCount } from './request-log';
import { operationOf, usageByEndpoint, usageByKey } from './usage-breakdown';

const day = (date: string, operations: Record<string, number>, keys: Record<string, number>): DailyCount => {
  const requests = Object.values(operations).reduce((a, b) => a + b, 0);
  return { date, requests, errors: 0, processing: 0, operations, keys };
};

describe('usage by endpoint and by key', () => {
  it('knows the processing endpoints: the POSTs of every job endpoint and nothing else', () => {
    expect([...PROCESSING_PATHS].sort()).toEqual(JOB_ENDPOINTS.filter((e) => e.method === 'POST').map((e) => e.path).sort());
    expect(isProcessingRequest('post', '/cut')).toBe(true);
    expect(isProcessingRequest('GET', '/cut')).toBe(false);
    expect(isProcessingRequest('GET', '/task/{id}')).toBe(false);
    expect(operationOf('get', '/task/{id}')).toBe('GET /task/{id}');
  });

  it('sums the days by operation, most used first, telling processing from reads', () => {
    const days = [day('2026-11-01', { 'POST /cut': 2, 'GET /task/{id}': 5 }, {}), day('2026-11-02', { 'POST /cut': 1, 'POST /crop': 3, 'GET /account': 1 }, {})];
    expect(usageByEndpoint(days)).toEqual([
      { endpoint: 'GET /task/{id}', processing: false, requests: 5 },
      { endpoint: 'POST /crop', processing: true, requests: 3 },
      { endpoint: 'POST /cut', processing: true, requests: 3 },
      { endpoint: 'GET /account', processing: false, requests: 1 },
    ]);
  });

  it('lists every active key with its minute window, and revoked keys that made requests, unnamed', () => {
    const days = [day('2026-11-01', { 'POST /cut': 4 }, { k1: 3, gone: 1 })];
    const keys = [
      { id: 'k1', name: 'Server', maskedKey: 'ff_live_…aaaa' },
      { id: 'k2', name: 'Unused', maskedKey: 'ff_live_…bbbb' },
    ];
    const windows = new Map([['k1', { used: 2, resetsInMs: 41_200 }]]);
    expect(usageByKey(days, keys, windows)).toEqual([
      { key_id: 'k1', name: 'Server', masked_key: 'ff_live_…aaaa', requests: 3, minute_used: 2, minute_resets_in: 42 },
      { key_id: 'gone', name: null, masked_key: null, requests: 1, minute_used: 0, minute_resets_in: null },
      { key_id: 'k2', name: 'Unused', masked_key: 'ff_live_…bbbb', requests: 0, minute_used: 0, minute_resets_in: null },
    ]);
  });
});

import { FrameForge, METHOD_OF } from './client';
import { OPERATIONS } from './generated/operations';

describe('FrameForge', () => {
  it('has one method for each operation of the API', () => {
    const client = new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test' });
    expect(Object.keys(METHOD_OF).sort()).toEqual(OPERATIONS.map((operation) => operation.id).sort());
    for (const path of Object.values(METHOD_OF)) {
      const method = path.split('.').reduce<unknown>((owner, name) => (owner as Record<string, unknown>)[name], client);
      expect([path, typeof method]).toEqual([path, 'function']);
    }
  });

  it('refuses to start without a key or a base URL', () => {
    expect(() => new FrameForge({ apiKey: '', baseUrl: 'http://api.test' })).toThrow('apiKey is required');
    expect(() => new FrameForge({ apiKey: 'k', baseUrl: '' })).toThrow('baseUrl is required');
  });
});

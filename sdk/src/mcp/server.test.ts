import { FrameForge } from '../client';
import { apiError, fakeFetch, json } from '../testing/fake-fetch';
import { serveJsonRpc } from './json-rpc';
import { mcpHandler } from './server';

/** A server on an in-memory line channel: each call resolves the answer with its id. */
function connect(fetch: typeof globalThis.fetch) {
  let deliver: (line: string) => void = () => undefined;
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  serveJsonRpc(
    {
      onLine: (listener) => (deliver = listener),
      write: (line) => {
        const message = JSON.parse(line) as { id: number };
        waiting.get(message.id)?.(message);
      },
    },
    mcpHandler(new FrameForge({ apiKey: 'k', baseUrl: 'http://api.test', fetch, maxRetries: 0 }), '1.0.0'),
  );
  let next = 0;
  return (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      next += 1;
      waiting.set(next, resolve);
      deliver(JSON.stringify({ jsonrpc: '2.0', id: next, method, params }));
    });
}

describe('the MCP server', () => {
  it('initializes with the version the client asks for and lists the operations and the SDK flows as tools', async () => {
    const call = connect(fakeFetch(() => json(200, {})).fetch);
    expect(await call('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } })).toMatchObject({
      result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'frameforge' } },
    });
    const { result } = (await call('tools/list')) as { result: { tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[] } };
    const names = result.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['cut', 'merge_urls', 'get_task', 'list_tasks', 'cancel_task', 'create_upload', 'upload_file', 'wait_task', 'download_task_output']));
    expect(names).not.toContain('openapi');
    expect(Object.keys(result.tools.find((tool) => tool.name === 'cut')?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['file_id', 'url', 'start', 'duration']));
  });

  it('runs a tool through the SDK and answers an API error as a tool error the agent can read', async () => {
    const { fetch, seen } = fakeFetch(() => json(202, { task_id: 't1', status_url: '/task/t1' }), () => apiError(404, 'not_found', { hint: 'Check the id.' }));
    const call = connect(fetch);
    const cut = (await call('tools/call', { name: 'cut', arguments: { url: 'https://media.test/a.mp4', duration: 1 } })) as { result: { content: { text: string }[] } };
    expect(JSON.parse(cut.result.content[0]?.text ?? '')).toEqual({ task_id: 't1', status_url: '/task/t1' });
    expect(seen[0]?.headers['idempotency-key']).toBeDefined();
    const missing = (await call('tools/call', { name: 'get_task', arguments: { id: 'nope' } })) as { result: { isError: boolean; content: { text: string }[] } };
    expect(missing.result.isError).toBe(true);
    expect(JSON.parse(missing.result.content[0]?.text ?? '')).toMatchObject({ status: 404, code: 'not_found', hint: 'Check the id.', request_id: 'req_1' });
  });

  it('answers an unknown tool or method with a protocol error', async () => {
    const call = connect(fakeFetch(() => json(200, {})).fetch);
    expect(await call('tools/call', { name: 'nope' })).toMatchObject({ error: { code: -32602 } });
    expect(await call('resources/list')).toMatchObject({ error: { code: -32601 } });
  });
});

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo, probeDuration } from '../support/media';
import { signedUpUserWithKey } from '../support/product-user';
import { repoRoot } from '../support/stack-process';

/**
 * The SDK's MCP server as an agent's host runs it, on stdio, driven by the MCP SDK's own client: it lists its
 * tools, and a cut runs through them, from a local file to the saved result.
 */

const endpoints = testEndpoints();
const work = mkdtempSync(join(tmpdir(), 'sdk-mcp-'));
let client: Client;
let stderr = '';

interface TextResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
}

/** Calls a tool and reads its JSON answer; a tool error fails with its text. */
async function tool<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as TextResult;
  const text = result.content[0]?.text ?? '';
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  const key = await signedUpUserWithKey(endpoints);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'sdk/src/mcp/main.ts')],
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', FRAMEFORGE_API_KEY: key, FRAMEFORGE_API_URL: endpoints.productApi },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  client = new Client({ name: 'frameforge-tests', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
});

describe('the MCP server', () => {
  it('lists the operations, uploads and tasks as tools, with their inputs described', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['cut', 'crop', 'merge', 'probe', 'create_upload', 'complete_upload', 'upload_file', 'get_task', 'list_tasks', 'cancel_task', 'wait_task', 'download_task', 'download_task_output']));
    const cut = tools.find((t) => t.name === 'cut');
    expect(cut?.inputSchema.properties).toEqual(expect.objectContaining({ file_id: expect.any(Object), start: expect.any(Object), duration: expect.any(Object) }));
    expect(cut?.annotations).toMatchObject({ readOnlyHint: false });
    expect(client.getServerVersion()).toMatchObject({ name: 'frameforge' });
  });

  it('runs a cut through the tools: upload, cut, wait, save; and answers a bad call as a tool error', async () => {
    const clip = join(work, 'clip.mp4');
    await makeTestVideo(clip, 3);
    const upload = await tool<{ file_id: string; status: string }>('upload_file', { path: clip, content_type: 'video/mp4' });
    expect(upload.status).toBe('completed');
    const accepted = await tool<{ task_id: string }>('cut', { file_id: upload.file_id, start: 1, duration: 1 });
    const task = await tool<{ status: string; output: { file_size: number } }>('wait_task', { id: accepted.task_id, timeout_seconds: 90 });
    expect(task.status).toBe('completed');
    const saved = join(work, 'cut.mp4');
    expect(await tool('download_task_output', { id: accepted.task_id, path: saved })).toMatchObject({ path: saved, bytes: task.output.file_size });
    expect(existsSync(saved)).toBe(true);
    expect(await probeDuration(saved)).toBeCloseTo(1, 0);
    const listed = await tool<{ data: { id: string }[] }>('list_tasks', { limit: 5 });
    expect(listed.data.map((t) => t.id)).toContain(accepted.task_id);

    const refused = (await client.callTool({ name: 'cut', arguments: { file_id: upload.file_id, duration: -1 } })) as TextResult;
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0]?.text ?? '')).toMatchObject({ status: 400, param: 'duration', request_id: expect.any(String) });
    expect(stderr).toBe('');
  }, 180_000);
});

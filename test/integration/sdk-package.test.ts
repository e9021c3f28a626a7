import { execFile, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as z from 'zod';
import { throttleOf } from '@frameforge/functions/kernel/contracts/usage-plans';
import { exampleRequestOf } from '@frameforge/frontend/api-docs/examples/example-request';
import { renderJavaScript } from '@frameforge/frontend/api-docs/examples/render-javascript';
import { freePort } from '@frameforge/local-stack/processes';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { makeTestVideo } from '../support/media';
import { signedUpUserWithKey } from '../support/product-user';
import { startListener } from '../support/callback-listener';
import { askInstalledMcpServer, installTarball, makeThirtyMegabyteClip, packSdk, runScript } from './sdk-package-support';

/**
 * The SDK as a customer gets it: `npm pack`, installed offline into an empty project with nothing else, and a
 * plain Node script on it against the stack (sdk-package-flow.mjs): a 30 MB upload in parts, a cut, the wait,
 * the download, a callback verified by the script's own receiver, and 429s ridden out without help.
 */

const exec = promisify(execFile);
const endpoints = testEndpoints();
const work = mkdtempSync(join(tmpdir(), 'sdk-package-'));
const clip = join(work, 'input.mp4');
let installed: string[] = [];
let listener: ChildProcess | undefined;

type Endpoint = Parameters<typeof exampleRequestOf>[0];

beforeAll(async () => {
  const [tarball] = await Promise.all([packSdk(work), makeThirtyMegabyteClip(clip)]);
  installed = await installTarball(tarball, work);
}, 180_000);

afterAll(() => {
  if (listener?.exitCode === null) listener.kill('SIGKILL');
});

describe('the packed SDK', () => {
  it('installs alone and runs the whole flow of a customer’s script against the stack', async () => {
    // The package and nothing else: no runtime dependency came along.
    expect(installed).toEqual([join('@frameforge', 'sdk')]);

    const { client, token } = await confirmedUser(endpoints, 'sdk');
    await client.subscribe(token, 'basic');
    const { key } = await client.createApiKey(token, 'sdk');
    // The burst of reads goes on a key of its own: the gateway throttles each key apart, so the cuts that follow meet the per-minute limit only.
    const { key: readKey } = await client.createApiKey(token, 'sdk-reads');
    const { secret } = await client.call(token, 'GET', '/callback-secret', z.object({ secret: z.string() }));
    const port = await freePort();
    listener = await startListener(endpoints, key, `http://127.0.0.1:${port}/webhooks`);
    copyFileSync(join(__dirname, 'sdk-package-flow.mjs'), join(work, 'flow.mjs'));

    const summary = (await runScript(work, 'flow.mjs', {
      FRAMEFORGE_API_URL: endpoints.productApi,
      FRAMEFORGE_API_KEY: key,
      FRAMEFORGE_READ_KEY: readKey,
      CALLBACK_SECRET: secret,
      INPUT: clip,
      RECEIVER_PORT: String(port),
      // As far past the bucket as the throttle's own test goes: it refills a few tokens while the burst is served.
      BURST: String(throttleOf('basic').burstLimit + 60),
    })) as Record<string, Record<string, unknown>>;

    const size = statSync(clip).size;
    expect(size).toBeGreaterThan(30_000_000);
    // Over the script's 16 MiB threshold: two 16 MiB parts, each reported as sent.
    expect(summary.upload).toMatchObject({ upload_type: 'multipart', status: 'completed', size, progress: [expect.any(Number), size] });
    expect(summary.task).toMatchObject({ status: 'completed', duration: expect.closeTo(2, 0) });
    expect(summary.download).toEqual({ bytes: summary.task?.file_size, type: expect.stringMatching(/^video\/mp4/) });
    expect(summary.callbacks).toEqual([{ type: 'task.completed', task: summary.task?.id, tampered: 'refused' }]);
    // Every read of the burst answered, though the gateway refused some at first.
    const burst = throttleOf('basic').burstLimit + 60;
    expect(summary.burst).toMatchObject({ answers: burst, completed: burst, throttledReads: expect.any(Number) });
    expect(summary.burst?.throttledReads).toBeGreaterThan(0);
    expect(summary.unretried).toEqual({ rateLimitError: true, status: 429, code: 'rate_limited', retryAfter: expect.any(Number), requestId: true });
    // The fourth cut of the minute waited for the window as Retry-After said, then ran once: one task per call.
    expect(summary.cuts?.answered).toEqual(['accepted', 'accepted', 'accepted']);
    expect((summary.cuts?.refusedCuts as number[]).length).toBeGreaterThan(0);
    expect((summary.cuts?.refusedCuts as number[]).every((ms) => ms >= 1000)).toBe(true);
    expect(summary.steps).toEqual(['first', 'fourth', 'second', 'third']);
  }, 300_000);

  it('runs the JavaScript examples of the docs page: every SDK method they call exists, and the cut example cuts', async () => {
    const key = await signedUpUserWithKey(endpoints);
    const document = (await (await fetch(`${endpoints.productApi}/openapi.json`)).json()) as { paths: Record<string, Record<string, Endpoint['operation']>> };
    const examples = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => renderJavaScript(exampleRequestOf({ method, path, operation } as Endpoint, endpoints.productApi, key))),
    );
    const methods = [...new Set(examples.flatMap((code) => [...code.matchAll(/await ff\.([\w.]+)\(/g)].map((match) => match[1] ?? '')))];
    expect(methods).toEqual(expect.arrayContaining(['cut', 'tasks.wait', 'tasks.get', 'uploads.create', 'files.url']));
    const check = `import { FrameForge } from '@frameforge/sdk';
const ff = new FrameForge({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
console.log(JSON.stringify(${JSON.stringify(methods)}.filter((path) => typeof path.split('.').reduce((owner, name) => owner?.[name], ff) !== 'function')));`;
    const { stdout: missing } = await exec(process.execPath, ['--input-type=module', '-e', check], { cwd: work });
    expect(JSON.parse(missing)).toEqual([]);

    // The cut example as the page writes it, run where a customer has the SDK and an input.mp4.
    const docs = join(work, 'docs');
    mkdirSync(docs);
    // Long enough for the sample start and duration the examples use.
    await makeTestVideo(join(docs, 'input.mp4'), 20);
    const cut = examples.find((code) => code.includes('await ff.cut('));
    writeFileSync(join(docs, 'cut.mjs'), cut ?? '');
    const { stdout } = await exec(process.execPath, ['cut.mjs'], { cwd: docs });
    expect(stdout).toMatch(/file_id: 'out_[0-9a-f]{32}'/);
  }, 120_000);

  it('installs the MCP server as the frameforge-mcp command, which answers an MCP host on stdio', async () => {
    const [initialized, listed] = (await askInstalledMcpServer(work, { FRAMEFORGE_API_KEY: 'ff_unused', FRAMEFORGE_API_URL: endpoints.productApi })) as {
      id: number;
      result: { protocolVersion?: string; serverInfo?: { name: string; version: string }; tools?: { name: string }[] };
    }[];
    expect(initialized).toMatchObject({ id: 1, result: { protocolVersion: '2025-06-18', serverInfo: { name: 'frameforge', version: '1.0.0' } } });
    expect(listed?.id).toBe(2);
    expect(listed?.result.tools?.map((t) => t.name)).toEqual(expect.arrayContaining(['cut', 'get_task', 'upload_file', 'wait_task']));
  });
});

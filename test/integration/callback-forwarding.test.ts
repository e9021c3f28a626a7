import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import type { CallbackEvent } from '@frameforge/functions/features/callbacks/domain/callback-event';
import type { TaskView } from '@frameforge/functions/features/jobs/domain/task-view';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm } from '../support/product-user';
import { readmeAccepts } from '../support/readme-verification';
import { repoRoot } from '../support/stack-process';
import { jobs, submitJob } from '../support/worker-jobs';

/**
 * `npm run local:listen`, as a developer runs it beside the stack: the
 * signed callback of a real task reaches a receiver on this machine with
 * the body and headers the worker signed, and the README's verification
 * snippet accepts it, while the task's own delivery (to a public-looking
 * address that does not exist) is recorded as it would be without it.
 */

const endpoints = testEndpoints();
const CALLBACK_URL = 'https://receiver.example/hook';

interface Received {
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
let listener: ChildProcess;
let output = '';
let clip = '';

const eventOf = (request: Received) => JSON.parse(request.body.toString('utf8')) as CallbackEvent;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  clip = join(await mkdtemp(join(tmpdir(), 'forwarding-')), 'clip.mp4');
  await makeTestVideo(clip, 2);
});

afterAll(async () => {
  if (listener?.exitCode === null) listener.kill('SIGKILL');
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Starts the command against the test stack's tap (its own port), keeping one key's user's callbacks; resolves once it is connected. */
function startListening(apiKey: string): Promise<void> {
  listener = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'local-stack/src/callback-listen.ts'), '--forward-to', receiverUrl, '--tap-url', endpoints.callbackTap, '--api-key', apiKey, '--api-url', endpoints.productApi],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  listener.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  listener.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return eventually(() => (output.includes('Ready!') ? true : undefined), { timeoutMs: 60_000, what: `the listener to connect (output: ${output})` }).then(() => undefined);
}

describe('npm run local:listen', () => {
  it("forwards a task's signed callback to this machine, where the README's snippet verifies it", async () => {
    const { client, token } = await confirmedUser(endpoints, 'forwarding');
    await client.subscribe(token, 'elite');
    const { key } = await client.createApiKey(token, 'forwarding');
    const { secret } = await client.call(token, 'GET', '/callback-secret', z.object({ secret: z.string() }));
    await startListening(key);

    // Another user's task ends first; --api-key keeps its callback away from this receiver.
    const other = await submitJob('cut', { duration: 1 }, [{ role: 'file', path: clip }], { userId: `forwarding-${randomUUID()}`, callbackUrl: CALLBACK_URL });
    await eventually(async () => ((await jobs.get(other.id))?.callback?.attempts.length ? true : undefined), { timeoutMs: 60_000, what: "the other user's callback try" });

    const response = await fetch(`${endpoints.productApi}/cut`, {
      method: 'POST',
      headers: { 'X-API-Key': key },
      body: cutForm({ duration: '1', callback_url: CALLBACK_URL }, readFileSync(clip)),
    });
    expect(response.status).toBe(202);
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    const forwarded = await eventually(() => received.find((r) => eventOf(r).data.id === taskId), { timeoutMs: 60_000, what: 'the forwarded callback' });

    // Exactly what the worker signed: the README's snippet accepts it, and nothing else.
    const signature = String(forwarded.headers['frameforge-signature']);
    expect(forwarded.path).toBe('/webhooks');
    expect(forwarded.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'FrameForge-Callbacks/1',
      'frameforge-event-id': `evt_${taskId}_completed`,
      'frameforge-signature': expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/),
    });
    expect(readmeAccepts(signature, secret, forwarded.body)).toBe(true);
    expect(readmeAccepts(signature, `${secret}x`, forwarded.body)).toBe(false);
    expect(readmeAccepts(signature, secret, Buffer.from(forwarded.body.toString('utf8').replace('"completed"', '"failed"')))).toBe(false);
    expect(eventOf(forwarded)).toMatchObject({ id: `evt_${taskId}_completed`, type: 'task.completed', data: { id: taskId, status: 'completed', callback: { url: CALLBACK_URL } } });
    expect(received.filter((r) => eventOf(r).data.id === other.id)).toEqual([]);
    await eventually(() => (output.includes(`task ${taskId}`) ? true : undefined), { timeoutMs: 5000, what: 'the printed line' });
    expect(output).toMatch(new RegExp(`\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  task\\.completed  task ${taskId}  --> POST ${receiverUrl.replace(/[.]/g, '\\.')} \\[200\\]`));

    // The task records its own delivery, which did not reach the public-looking address, and nothing of the copy.
    const task = await eventually(
      async () => {
        const view = (await (await fetch(`${endpoints.productApi}/task/${taskId}`, { headers: { 'X-API-Key': key } })).json()) as TaskView;
        return view.callback?.attempts.length ? view : undefined;
      },
      { timeoutMs: 30_000, what: "the task's first callback try" },
    );
    expect(task.callback?.url).toBe(CALLBACK_URL);
    expect(task.callback?.attempts[0]).toMatchObject({ attempt: 1, ok: false, status: null, error: expect.stringMatching(/^Error: /) });

    // Ctrl-C stops it cleanly.
    const exited = new Promise<number | null>((resolve) => listener.once('exit', (code) => resolve(code)));
    listener.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped forwarding.');
  });
});

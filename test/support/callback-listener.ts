import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Endpoints } from '@frameforge/local-stack/stack';
import { eventually } from './eventually';
import { repoRoot } from './stack-process';

export interface ForwardedCallback {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface CallbackListener {
  /** Every callback forwarded so far, in order. */
  readonly received: ForwardedCallback[];
  close(): Promise<void>;
}

/**
 * A receiver on this machine fed by `npm run local:listen` for one key's
 * callbacks, as a developer runs it: the stack's worker signs each try to
 * the task's public-looking callback_url and the tap forwards it here, byte
 * for byte. Resolves once the listener is connected.
 */
export async function listenForCallbacks(endpoints: Endpoints, apiKey: string): Promise<CallbackListener> {
  const received: ForwardedCallback[] = [];
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const forwardTo = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  const listener = await startListener(endpoints, apiKey, forwardTo);
  return {
    received,
    async close() {
      if (listener.exitCode === null) listener.kill('SIGKILL');
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

/** `npm run local:listen` forwarding one key's callbacks to `forwardTo`, as a developer runs it; resolves once connected. */
export async function startListener(endpoints: Endpoints, apiKey: string, forwardTo: string): Promise<ChildProcess> {
  let output = '';
  const listener = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'local-stack/src/callback-listen.ts'), '--forward-to', forwardTo, '--tap-url', endpoints.callbackTap, '--api-key', apiKey, '--api-url', endpoints.productApi],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  listener.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  listener.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // A fresh process compiles its TypeScript on start: on a loaded two-core machine that alone can take most of a minute.
  await eventually(() => (output.includes('Ready!') ? true : undefined), { timeoutMs: 120_000, what: 'the listener to connect' }).catch((error: unknown) => {
    throw new Error(`${String(error)} (its output: ${output || 'none'})`, { cause: error });
  });
  return listener;
}

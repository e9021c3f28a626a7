import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request exactly as written: node:http sends the Host header and the path
 * it is given, where fetch would set Host itself and resolve `//x` as a URL.
 */
export function rawRequest(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: options.method ?? 'GET', headers: options.headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`no answer to ${path} within 10 s`)));
    req.end(options.body);
  });
}

/**
 * Writes bytes to a socket and reads what comes back until `until` matches,
 * the server closes, or `timeoutMs` passes; `elapsedMs` is when the first byte came.
 */
export function rawExchange(base: string, bytes: string, until: RegExp, timeoutMs = 5000): Promise<{ text: string; elapsedMs: number | undefined }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let text = '';
    let elapsedMs: number | undefined;
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, elapsedMs });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      elapsedMs ??= Date.now() - started;
      text += chunk.toString('latin1');
      if (until.test(text)) finish();
    });
    socket.on('end', finish);
    socket.on('error', reject);
  });
}

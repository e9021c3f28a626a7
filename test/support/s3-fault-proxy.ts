import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the proxy saw: what it asked for and whether it was let through. */
export interface ProxiedRequest {
  method: string;
  path: string;
  passed: boolean;
}

export interface S3FaultProxy {
  /** `http://127.0.0.1:<port>`: an S3 endpoint for one worker. */
  url: string;
  requests: ProxiedRequest[];
  /** From now on, requests `refuse` picks have their connection dropped, as when storage goes away mid-request. */
  failWhere(refuse: (request: IncomingMessage) => boolean): void;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of the local S3 emulator, for one worker only: it
 * passes everything on until told which requests to fail, and those then
 * lose their connection before an answer. Other workers, talking to the
 * emulator directly, never notice.
 */
export async function startS3FaultProxy(upstream: string): Promise<S3FaultProxy> {
  const target = new URL(upstream);
  const requests: ProxiedRequest[] = [];
  let refuse: (request: IncomingMessage) => boolean = () => false;
  const server: Server = createServer((incoming, answer) => {
    const passed = !refuse(incoming);
    requests.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', passed });
    if (!passed) {
      incoming.socket.destroy();
      return;
    }
    const onward = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    onward.on('error', () => answer.destroy());
    incoming.pipe(onward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failWhere: (pick) => {
      refuse = pick;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

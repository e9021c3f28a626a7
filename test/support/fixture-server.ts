import { createServer, type IncomingMessage, type Server } from 'node:http';

/** What the fixture server was asked: method, path, headers and body of every request. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  at: number;
}

export interface FixtureReply {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

type Route = (request: RecordedRequest) => FixtureReply | Promise<FixtureReply>;

export interface FixtureServer {
  /** `http://127.0.0.1:<port>`: the one origin the test stack's fetcher allows. */
  origin: string;
  requests: RecordedRequest[];
  /** Serves a file at `path` (GET). */
  serve(path: string, body: Buffer, contentType?: string): void;
  /** Answers `path` (any method) with what `route` returns. */
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

/**
 * A web server on the port the test stack allow-lists for URL inputs and
 * callbacks (`FETCH_ALLOW_HOSTS`, set by the global setup): media "on the
 * internet" and callback receivers, all on loopback. One at a time: stack
 * tests run in band.
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  const port = Number(process.env.FRAMEFORGE_FIXTURE_PORT);
  if (!port) throw new Error('No fixture port: run these tests through `npm test`.');
  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fixture.local').pathname;
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      requests.push(recorded);
      const route = routes.get(path);
      void Promise.resolve(route ? route(recorded) : { status: 404, body: 'not found' }).then(
        (reply) => {
          res.writeHead(reply.status, reply.headers ?? {});
          res.end(reply.body ?? '');
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  });
  await listenWithPatience(server, port);
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    serve: (path, body, contentType = 'application/octet-stream') =>
      routes.set(path, (request) => (request.method === 'GET' ? { status: 200, headers: { 'Content-Type': contentType }, body } : { status: 405 })),
    route: (path, route) => routes.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Binds the run's fixture port, waiting out a few seconds of EADDRINUSE: the
 * previous suite's server may still be closing its last connections.
 */
async function listenWithPatience(server: Server, port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

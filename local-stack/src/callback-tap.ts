import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mirroredDeliverySchema, type MirroredDelivery } from '@frameforge/functions/features/callbacks/contracts/callback-mirror';

/**
 * The local stack's callback tap. The worker copies every signed callback
 * try here (`CALLBACK_MIRROR_URL`), and the tap hands each copy at once to
 * every connected listener (`npm run local:listen`) as a server-sent event.
 * Nothing is kept: a copy that arrives while no listener is connected is
 * dropped, as the copy is a convenience beside the real delivery, which the
 * task records as usual. Like every local server it listens on 127.0.0.1 only.
 */

export const TAP_PATHS = { deliveries: '/deliveries', events: '/events' } as const;

/** Far above any event (one task object), small enough that nothing can fill memory through it. */
const MAX_DELIVERY_BYTES = 1024 * 1024;
/** A comment line now and then keeps an idle stream from looking dead to anything between the two ends. */
const KEEP_ALIVE_MS = 15_000;

export interface CallbackTap {
  server: Server;
  /** Listeners connected now. */
  listenerCount(): number;
  /** Ends every listener's stream, then stops the server (which would otherwise wait for them). */
  close(): Promise<void>;
}

/** One copy as one event of the stream; JSON keeps it on one `data:` line. */
export const deliveryFrame = (delivery: MirroredDelivery): string => `event: delivery\ndata: ${JSON.stringify(delivery)}\n\n`;

export function createCallbackTap(): CallbackTap {
  const listeners = new Set<ServerResponse>();

  const subscribe = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    // Written at once, so a listener knows it is connected (and will get the next copy) as soon as it reads anything.
    res.write(': connected\n\n');
    listeners.add(res);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    req.on('close', () => {
      clearInterval(keepAlive);
      listeners.delete(res);
    });
  };

  const receive = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DELIVERY_BYTES) {
        res.writeHead(413, { Connection: 'close' }).end();
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      const parsed = mirroredDeliverySchema.safeParse(parseJson(Buffer.concat(chunks).toString('utf8')));
      if (!parsed.success) return void res.writeHead(400, { 'Content-Type': 'text/plain' }).end('not a mirrored callback delivery');
      const frame = deliveryFrame(parsed.data);
      for (const listener of listeners) listener.write(frame);
      res.writeHead(202, { 'Content-Type': 'application/json' }).end(JSON.stringify({ listeners: listeners.size }));
    });
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://tap.local').pathname;
    if (req.method === 'POST' && path === TAP_PATHS.deliveries) return receive(req, res);
    if (req.method === 'GET' && path === TAP_PATHS.events) return subscribe(req, res);
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });

  return {
    server,
    listenerCount: () => listeners.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const listener of listeners) listener.end();
        server.close(() => resolve());
        // The stack is stopping: a stream or a copy still open is not waited for.
        server.closeAllConnections();
      }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

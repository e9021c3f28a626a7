import { createServer, type Server } from 'node:http';
import { safeDecode } from '../safe-decode';

export type InvokeHandler = (event: unknown) => Promise<unknown>;

/**
 * The Lambda service's Invoke call, for the Cognito emulator's triggers:
 * `POST /2015-03-31/functions/{name}/invocations` runs the named handler.
 */
export function createLambdaInvokeServer(functions: Record<string, () => Promise<InvokeHandler>>): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const name = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(req.url ?? '')?.[1];
        const load = name ? functions[safeDecode(name)] : undefined;
        if (!load) {
          res.writeHead(404, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': 'ResourceNotFoundException' });
          res.end(JSON.stringify({ message: `Function not found: ${name}` }));
          return;
        }
        try {
          const result = await (await load())(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(result ?? null));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          res.writeHead(200, { 'Content-Type': 'application/json', 'X-Amz-Function-Error': 'Unhandled' });
          res.end(JSON.stringify({ errorMessage: message, errorType: 'Error' }));
        }
      })();
    });
  });
}

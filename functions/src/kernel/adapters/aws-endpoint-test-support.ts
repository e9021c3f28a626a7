import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * An AWS service's endpoint for a unit test of how a client is composed: it
 * records each JSON request and answers with `answer`'s body, so the test
 * sees what the real client sent over the wire. Pointed at through the SDK's
 * own `AWS_ENDPOINT_URL_<SERVICE>` setting, as the local stack points at its emulators.
 */
export async function awsEndpointStandIn(service: string, answer: (request: StandInRequest) => unknown) {
  const received: StandInRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = { path: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
      received.push(request);
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(answer(request)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const saved = { ...process.env };
  Object.assign(process.env, {
    [`AWS_ENDPOINT_URL_${service}`]: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_ACCESS_KEY_ID: 'AKIASTANDIN',
    AWS_SECRET_ACCESS_KEY: 'stand-in',
  });
  return {
    received,
    close: async () => {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { Agent, request } from 'node:http';

/** One hostile request, written out as it goes on the wire. */
export interface HostileRequest {
  api: 'product' | 'portal';
  /** The operation it aims at, e.g. `POST /cut`. */
  operation: string;
  /** What is odd about it. */
  variant: string;
  method: string;
  /** Path and query exactly as sent (not normalised by any URL class). */
  path: string;
  headers: [string, string][];
  body?: Buffer;
}

export interface HostileAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
  /** Set when no answer came: the connection failed or the request outlived its limit. */
  failure?: string;
}

const agents = new Map<string, Agent>();
const agentFor = (origin: string) => {
  let agent = agents.get(origin);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
    agents.set(origin, agent);
  }
  return agent;
};

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * Sends through node:http, not fetch: fetch normalises `../` away, refuses
 * duplicated or odd headers and rewrites bodies, which are the point here.
 */
export async function send(origin: string, req: HostileRequest, limitMs: number): Promise<HostileAnswer> {
  const answer = await sendOnce(origin, req, limitMs);
  // A kept-alive socket the server closed just as it was reused: the request never reached it (Node's documented retry case).
  return answer.staleSocket ? sendOnce(origin, req, limitMs) : answer;
}

function sendOnce(origin: string, req: HostileRequest, limitMs: number): Promise<HostileAnswer & { staleSocket?: boolean }> {
  const url = new URL(origin);
  const headers = [...req.headers];
  const has = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  if (!has('host')) headers.unshift(['Host', url.host]);
  if (req.body && !has('content-length') && !has('transfer-encoding')) headers.push(['Content-Length', String(req.body.length)]);
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<HostileAnswer, 'ms'> & { staleSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: Date.now() - started });
    };
    const outgoing = request(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers: headers.flat(), agent: agentFor(origin) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (error) => done({ status: 0, headers: {}, body: Buffer.alloc(0), failure: `response: ${error.message}` }));
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      done({ status: 0, headers: {}, body: Buffer.alloc(0), failure: `no answer within ${limitMs} ms` });
    }, limitMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      done({ status: 0, headers: {}, body: Buffer.alloc(0), failure: `request: ${error.message}`, staleSocket: outgoing.reusedSocket && error.code === 'ECONNRESET' }),
    );
    outgoing.end(req.body);
  });
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { GatewayError, KeyStore, type ApiKeyRecord } from './key-store';

/**
 * The slice of API Gateway's control plane the product calls: API keys and
 * usage-plan keys, over the same REST+JSON wire as AWS, so the AWS SDK and
 * the production adapter (usage-plan-key-mirror) run unchanged against it.
 * Throttling stays the local gateway's; this only keeps the keys.
 */

const createKeyBody = z.object({
  name: z.string().min(1),
  value: z.string().optional(),
  enabled: z.boolean().optional(),
  tags: z.record(z.string(), z.string()).optional(),
});
const planKeyBody = z.object({ keyId: z.string().min(1), keyType: z.literal('API_KEY') });

type Answer = { status: number; body?: unknown };

/** A key as GetApiKey answers it: the value only when asked for. */
const keyView = (key: ApiKeyRecord, includeValue: boolean) => ({
  id: key.id,
  name: key.name,
  enabled: key.enabled,
  createdDate: key.createdDate,
  lastUpdatedDate: key.createdDate,
  stageKeys: [],
  tags: key.tags,
  ...(includeValue ? { value: key.value } : {}),
});
const planKeyView = (key: ApiKeyRecord) => ({ id: key.id, type: 'API_KEY', name: key.name, value: key.value });

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw new GatewayError(400, 'BadRequestException', 'Invalid JSON body');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new GatewayError(400, 'BadRequestException', parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}

async function route(store: KeyStore, req: IncomingMessage, url: URL): Promise<Answer> {
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const method = req.method ?? 'GET';
  const [root, id, sub, subId] = segments;
  if (root === 'apikeys' && segments.length === 1) {
    if (method === 'POST') {
      const body = parse(createKeyBody, await jsonBody(req));
      return { status: 201, body: keyView(store.createKey(body), true) };
    }
    if (method === 'GET') {
      const includeValues = url.searchParams.get('includeValues') === 'true';
      const items = store.keys(url.searchParams.get('name') ?? undefined).map((key) => keyView(key, includeValues));
      return { status: 200, body: { item: items } };
    }
  }
  if (root === 'apikeys' && id !== undefined && segments.length === 2) {
    if (method === 'GET') return { status: 200, body: keyView(store.key(id), url.searchParams.get('includeValue') === 'true') };
    if (method === 'DELETE') return (store.deleteKey(id), { status: 202 });
  }
  if (root === 'usageplans' && id !== undefined && sub === 'keys') {
    if (segments.length === 3 && method === 'POST') {
      const body = parse(planKeyBody, await jsonBody(req));
      return { status: 201, body: planKeyView(store.addPlanKey(id, body.keyId)) };
    }
    if (segments.length === 3 && method === 'GET') {
      const prefix = url.searchParams.get('name');
      const keys = store.planKeys(id).filter((key) => prefix === null || key.name.startsWith(prefix));
      return { status: 200, body: { item: keys.map(planKeyView) } };
    }
    if (segments.length === 4 && subId !== undefined && method === 'DELETE') return (store.removePlanKey(id, subId), { status: 202 });
  }
  throw new GatewayError(404, 'NotFoundException', `No route for ${method} ${url.pathname}`);
}

function send(res: ServerResponse, answer: Answer, errorType?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(answer.status, headers);
  res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
}

/** The emulator's server; `accessKeyId` is the only key it takes, as the local stack's clients all sign with it. */
export function createApiGatewayKeysEmulator(stateFile: string, accessKeyId: string): { server: Server; store: KeyStore } {
  const store = new KeyStore(stateFile);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://api-gateway.local');
    // Unsigned or signed for another account: refused as AWS refuses it, before anything is read.
    if (!(req.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`)) {
      send(res, { status: 403, body: { message: 'Missing Authentication Token' } }, 'MissingAuthenticationTokenException');
      return;
    }
    route(store, req, url)
      .then((answer) => send(res, answer))
      .catch((error: unknown) => {
        if (error instanceof GatewayError) send(res, { status: error.status, body: { message: error.message } }, error.type);
        else send(res, { status: 500, body: { message: 'Internal server error' } }, 'InternalFailure');
      });
  });
  return { server, store };
}

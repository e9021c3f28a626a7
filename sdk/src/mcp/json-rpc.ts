/** JSON-RPC 2.0 as MCP's stdio transport carries it: one message a line, in both directions. */

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;

export type Handler = (method: string, params: Record<string, unknown>) => Promise<unknown>;

export interface LineChannel {
  onLine(listener: (line: string) => void): void;
  write(line: string): void;
}

/**
 * Answers each request line with its result or error; notifications (no id) get no answer. Requests run
 * concurrently, as a client may send a second call (a task's status) while a first one (a wait) is running.
 */
export function serveJsonRpc(channel: LineChannel, handle: Handler): void {
  const reply = (id: JsonRpcId | null, body: { result: unknown } | { error: { code: number; message: string } }) =>
    channel.write(JSON.stringify({ jsonrpc: '2.0', id, ...body }));
  channel.onLine((line) => {
    if (!line.trim()) return;
    let message: JsonRpcRequest;
    try {
      message = JSON.parse(line) as JsonRpcRequest;
    } catch {
      reply(null, { error: { code: PARSE_ERROR, message: 'Parse error' } });
      return;
    }
    if (message === null || typeof message !== 'object' || typeof message.method !== 'string') {
      // A response to a request of ours: this server sends none, so there is nothing to match it to.
      if (message && typeof message === 'object' && 'id' in message && !('result' in message || 'error' in message)) {
        reply(message.id ?? null, { error: { code: INVALID_REQUEST, message: 'Invalid request' } });
      }
      return;
    }
    const { id, method, params } = message;
    handle(method, params ?? {}).then(
      (result) => {
        if (id !== undefined) reply(id, { result });
      },
      (error: unknown) => {
        if (id === undefined) return;
        const code = error instanceof JsonRpcError ? error.code : INTERNAL_ERROR;
        reply(id, { error: { code, message: error instanceof Error ? error.message : String(error) } });
      },
    );
  });
}

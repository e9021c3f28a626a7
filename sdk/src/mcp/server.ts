import type { FrameForge } from '../client.js';
import { ApiError, FrameForgeError } from '../errors.js';
import { TaskFailedError } from '../tasks.js';
import { INVALID_PARAMS, JsonRpcError, METHOD_NOT_FOUND, type Handler } from './json-rpc.js';
import { runTool, toolDefinitions, UnknownToolError } from './tools.js';

/** The newest first: a client asking for another version it also supports gets that one. */
const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

const INSTRUCTIONS = [
  'FrameForge processes video and audio with FFmpeg.',
  'Give a processing tool (cut, crop, merge, …) its input by url, or upload a local file with upload_file and pass the file_id it answers.',
  'A processing tool answers a task at once: wait_task follows it to the end, then download_task_output saves the result (or download_task gives a signed URL).',
  "An output's file_id works as the input of the next step, without downloading it.",
].join(' ');

interface ToolResult {
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[];
  isError?: boolean;
}

async function asContent(result: unknown): Promise<ToolResult> {
  if (result instanceof Blob) {
    const data = Buffer.from(await result.arrayBuffer()).toString('base64');
    return { content: [{ type: 'image', data, mimeType: result.type || 'image/jpeg' }] };
  }
  return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }] };
}

/** An error the agent can act on: the API's code, the parameter at fault and its hint, as text. */
function asError(error: unknown): ToolResult {
  let text = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError) {
    text = JSON.stringify({ status: error.status, code: error.code, message: error.message, param: error.param, hint: error.hint, request_id: error.requestId }, null, 2);
  } else if (error instanceof TaskFailedError) {
    text = JSON.stringify({ code: error.code, message: error.message, task: error.task }, null, 2);
  }
  return { content: [{ type: 'text', text }], isError: true };
}

/** MCP's methods for a tools-only server, over the SDK client. */
export function mcpHandler(client: FrameForge, version: string): Handler {
  return async (method, params) => {
    switch (method) {
      case 'initialize': {
        const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : '';
        return {
          protocolVersion: PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0],
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'frameforge', title: 'FrameForge', version },
          instructions: INSTRUCTIONS,
        };
      }
      case 'ping':
        return {};
      case 'tools/list':
        return { tools: toolDefinitions() };
      case 'tools/call': {
        const name = typeof params.name === 'string' ? params.name : '';
        const args = params.arguments && typeof params.arguments === 'object' ? (params.arguments as Record<string, unknown>) : {};
        try {
          return await asContent(await runTool(client, name, args));
        } catch (error) {
          if (error instanceof UnknownToolError) throw new JsonRpcError(INVALID_PARAMS, error.message);
          // A failed call is the tool's answer, which the agent reads; only a broken request is a protocol error.
          if (error instanceof FrameForgeError || error instanceof Error) return asError(error);
          throw error;
        }
      }
      default:
        if (method.startsWith('notifications/')) return undefined;
        throw new JsonRpcError(METHOD_NOT_FOUND, `Method not found: ${method}`);
    }
  };
}

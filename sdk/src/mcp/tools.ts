import type { FrameForge } from '../client.js';
import { OPERATIONS } from '../generated/operations.js';
import type { JsonSchema } from '../operation-spec.js';
import type { OperationId, ParamsOf } from '../types.js';
import { localTools, type LocalTool } from './local-tools.js';

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/** Operations an agent gains nothing from: liveness, the endpoint index and the whole document, which the tools already are. */
const LEFT_OUT = new Set(['healthz', 'index', 'openapi']);

const DESCRIPTIONS: Partial<Record<string, string>> = {
  download_task: "A short-lived signed URL of a completed task's output; download_task_output saves the file instead.",
};

const apiTools = OPERATIONS.filter((operation) => !LEFT_OUT.has(operation.id));

/** Every operation of the API as a tool, named by its operationId, taking its parameters by their API names; then the SDK's own flows. */
export function toolDefinitions(): ToolDefinition[] {
  const fromApi = apiTools.map((operation) => ({
    name: operation.id,
    title: `${operation.method} ${operation.path}`,
    description:
      (DESCRIPTIONS[operation.id] ?? operation.summary) +
      (operation.body === 'form' ? ' Inputs by url, or by file_id from upload_file or an earlier output; the task is answered at once: follow it with wait_task.' : ''),
    inputSchema: operation.input,
    annotations: {
      readOnlyHint: operation.method === 'GET',
      destructiveHint: operation.method === 'DELETE' || operation.id === 'cancel_task',
      // A processing tool call is one task: the SDK's retries carry one Idempotency-Key.
      idempotentHint: operation.method !== 'POST' || operation.id === 'cancel_task',
      openWorldHint: true,
    },
  }));
  return [...fromApi, ...localTools.map(({ run: _run, ...definition }) => definition)];
}

/** Runs one tool: an operation through the SDK's generic call (retries, idempotency), or one of the SDK's flows. */
export async function runTool(client: FrameForge, name: string, args: Record<string, unknown>): Promise<unknown> {
  const local: LocalTool | undefined = localTools.find((tool) => tool.name === name);
  if (local) return local.run(client, args);
  const operation = apiTools.find((candidate) => candidate.id === name);
  if (!operation) throw new UnknownToolError(name);
  // The arguments were described by the operation's own schema; the API checks them and names any at fault.
  return client.call(operation.id as OperationId, args as ParamsOf<OperationId>);
}

export class UnknownToolError extends Error {
  constructor(readonly tool: string) {
    super(`Unknown tool: ${tool}`);
  }
}

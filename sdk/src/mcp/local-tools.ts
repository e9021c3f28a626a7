import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FrameForge } from '../client.js';
import type { ToolDefinition } from './tools.js';

export interface LocalTool extends ToolDefinition {
  run(client: FrameForge, args: Record<string, unknown>): Promise<unknown>;
}

const text = (args: Record<string, unknown>, name: string): string => {
  const value = args[name];
  if (typeof value !== 'string' || !value) throw new Error(`${name} is required`);
  return value;
};

/** The SDK's flows that are more than one request, on files of the machine the server runs on. */
export const localTools: LocalTool[] = [
  {
    name: 'upload_file',
    title: 'Upload a local file',
    description:
      'Uploads a file of this machine (one PUT, or a multipart upload for a large one) and answers the upload; pass its file_id as the input of any processing tool.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file to upload.' },
        content_type: { type: 'string', description: 'Its media type, e.g. video/mp4.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(client, args) {
      const path = text(args, 'path');
      const contentType = typeof args.content_type === 'string' ? args.content_type : undefined;
      const blob = await openAsBlob(path, contentType ? { type: contentType } : {});
      return client.uploads.upload(blob, { fileName: basename(path), ...(contentType ? { contentType } : {}) });
    },
  },
  {
    name: 'wait_task',
    title: 'Wait for a task to end',
    description: 'Polls a task at the pace the API asks for until it completes (answers the task, with its output) or fails or is canceled (an error with its code).',
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The task_id a processing tool answered.' },
        timeout_seconds: { type: 'number', minimum: 1, maximum: 3600, description: 'How long to wait; 600 by default. The task goes on after.' },
      },
      required: ['id'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: (client, args) => client.tasks.wait(text(args, 'id'), { timeoutMs: (typeof args.timeout_seconds === 'number' ? args.timeout_seconds : 600) * 1000 }),
  },
  {
    name: 'download_task_output',
    title: "Save a task's output",
    description: "Downloads a completed task's output to a file of this machine.",
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: "The task's id." },
        path: { type: 'string', description: 'Where to write the file (replaced if it exists).' },
      },
      required: ['id', 'path'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    async run(client, args) {
      const path = text(args, 'path');
      const blob = await client.tasks.download(text(args, 'id'));
      await writeFile(path, new Uint8Array(await blob.arrayBuffer()));
      return { path, bytes: blob.size, media_type: blob.type || null };
    },
  },
];

/**
 * The @frameforge/sdk method of each operation, and what it takes: the SDK names most operations after their
 * operationId (`merge_urls` is `ff.mergeUrls(params)`) and groups tasks, uploads and files. The packed SDK's
 * stack test runs the examples written from this, so a method it lacks fails there.
 */
export type SdkArguments =
  /** No argument. */
  | 'none'
  /** The first path or query parameter alone: `ff.tasks.get(id)`. */
  | 'param'
  /** That parameter, then the body: `ff.uploads.complete(fileId, { parts })`. */
  | 'paramAndBody'
  /** One object of every parameter by its API name: `ff.cut({ file_id, duration })`. */
  | 'object';

export interface SdkCall {
  method: string;
  args: SdkArguments;
}

const GROUPED: Record<string, SdkCall> = {
  healthz: { method: 'health', args: 'none' },
  index: { method: 'index', args: 'none' },
  openapi: { method: 'openapi', args: 'none' },
  account: { method: 'account', args: 'none' },
  voices: { method: 'voices', args: 'none' },
  list_tasks: { method: 'tasks.list', args: 'object' },
  get_task: { method: 'tasks.get', args: 'param' },
  cancel_task: { method: 'tasks.cancel', args: 'param' },
  download_task: { method: 'tasks.download', args: 'param' },
  create_upload: { method: 'uploads.create', args: 'object' },
  get_upload: { method: 'uploads.get', args: 'param' },
  abort_upload: { method: 'uploads.abort', args: 'param' },
  complete_upload: { method: 'uploads.complete', args: 'paramAndBody' },
  get_file: { method: 'files.url', args: 'param' },
};

export function sdkCallOf(operationId: string): SdkCall {
  return GROUPED[operationId] ?? { method: operationId.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()), args: 'object' };
}

import { createHash } from 'node:crypto';
import { isUploadedPart } from '../../../kernel/contracts/uploaded-part';
import type { IdempotencyService } from '../domain/idempotency/idempotency';
import { header } from '../../../kernel/http/request';
import type { ProductMiddleware } from '../../../kernel/http/product/middlewares';

/**
 * What makes two requests "the same" for an Idempotency-Key: the endpoint and
 * the parsed fields, files by their content. Two multipart bodies with other
 * boundaries but the same fields and files are the same request.
 */
export function requestFingerprint(path: string, values: Record<string, unknown>): string {
  const canonical = (value: unknown): unknown => {
    if (isUploadedPart(value)) return { file: value.fileName ?? null, sha256: createHash('sha256').update(value.body).digest('hex') };
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify([path, canonical(values)])).digest('hex');
}

/**
 * `Idempotency-Key`: a retry of a request that made a task answers that task
 * again; the claim is released when the request fails, so it can be retried.
 */
export const idempotencyKey = (path: string, service: () => IdempotencyService): ProductMiddleware => ({
  before: async (request) => {
    const key = header(request.event, 'idempotency-key');
    const { caller, body, dryRun } = request.context;
    // A dry run makes no task, so there is nothing for a retry to answer again.
    if (key === undefined || !caller || !body || dryRun) return;
    const start = await service().begin(caller.userId, key, requestFingerprint(path, body));
    if (start.kind === 'replay') request.context.replayTaskId = start.taskId;
    else request.context.idempotencyId = start.id;
  },
  after: async (request) => {
    const { idempotencyId, taskId } = request.context;
    if (idempotencyId && taskId) await service().complete(idempotencyId, taskId);
    else if (idempotencyId) await service().release(idempotencyId);
  },
  onError: async (request) => {
    const { idempotencyId, taskId } = request.context;
    if (!idempotencyId) return;
    // A task was made (its job failed while we waited on it): the key keeps answering that task.
    if (taskId) await service().complete(idempotencyId, taskId).catch(() => undefined);
    else await service().release(idempotencyId).catch(() => undefined);
  },
});

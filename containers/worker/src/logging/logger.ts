import { Logger } from '@aws-lambda-powertools/logger';
import * as z from 'zod';

export { Logger } from '@aws-lambda-powertools/logger';

/**
 * The worker's log: one JSON object a line, with the keys the API's Lambda
 * logs carry (level, message, timestamp, service), so one query reads both.
 * The level comes from POWERTOOLS_LOG_LEVEL (INFO when unset).
 */
export const workerLogger = new Logger({ serviceName: 'frameforge-worker' });

/** The API request that queued a job, when its message names one (read apart from the job's contract, which drops unknown keys). */
const requestIdSchema = z.object({ requestId: z.string().min(1).max(200) });

/**
 * A logger for one job's lines: each carries the job's task id, and the id
 * of the request that queued it when there is one. A child per job, not keys
 * appended to the shared logger, so jobs running side by side never swap ids.
 */
export function jobLogger(parent: Logger, jobId: string, rawMessage?: unknown): Logger {
  const request = requestIdSchema.safeParse(rawMessage);
  return parent.createChild({
    persistentKeys: { task_id: jobId, ...(request.success ? { request_id: request.data.requestId } : {}) },
  });
}

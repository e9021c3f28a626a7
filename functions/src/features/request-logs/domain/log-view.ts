import type { ApiLogView, LogTask } from '../contracts/api-logs';
import { codeInLines, taskErrorLines } from './log-errors';
import type { RequestLogEntry } from './request-log';

function taskOf(entry: RequestLogEntry): LogTask | null {
  if (!entry.taskId) return null;
  const outcome = entry.answersTask ? entry.taskOutcome : undefined;
  return {
    id: entry.taskId,
    status_url: `/task/${entry.taskId}`,
    outcome: entry.answersTask ? (outcome?.status ?? 'pending') : null,
    ended_at: outcome?.endedAt ?? null,
    error: outcome?.status === 'failed' ? outcome.error : null,
  };
}

/**
 * A log row as the portal shows it. A request answered 2xx whose task then
 * failed reads as a failure: its error is the task's.
 */
export function toApiLogView(entry: RequestLogEntry): ApiLogView {
  const task = taskOf(entry);
  const failedTask = task?.outcome === 'failed' ? task : null;
  const errorMessage = entry.errorMessage ?? (failedTask ? taskErrorLines(failedTask.error) : null);
  const errorCode = entry.errorMessage ? (entry.errorCode ?? codeInLines(entry.errorMessage)) : (failedTask?.error?.code ?? null);
  return {
    id: entry.id,
    api_key_id: entry.apiKeyId,
    key_name: entry.keyName,
    masked_key: entry.maskedKey,
    method: entry.method,
    endpoint: entry.endpoint,
    status_code: entry.statusCode,
    duration_ms: entry.durationMs,
    created_at: entry.createdAt,
    error_message: errorMessage,
    error_code: errorCode,
    task_id: entry.taskId,
    task,
    request_id: entry.requestId,
    query: entry.query,
    metadata: entry.metadata && Object.keys(entry.metadata).length > 0 ? entry.metadata : null,
    key_mode: entry.keyMode ?? 'live',
  };
}

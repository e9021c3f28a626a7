import { listApiLogsQuerySchema } from '../contracts/api-logs';
import { toApiLogView } from './log-view';
import type { RequestLogEntry } from './request-log';
import { toLogQuery } from './request-log-service';

const taskId = '0b7c6f0e-5d4c-4b3a-9a8b-7c6d5e4f3a2b';
const accepted: RequestLogEntry = {
  id: '3f8e7c1a-2b4d-4e6f-8a9b-0c1d2e3f4a5b',
  userId: 'u1',
  apiKeyId: 'k1',
  keyName: 'server',
  maskedKey: 'ff_abcde…wxyz',
  method: 'POST',
  endpoint: '/cut',
  query: null,
  statusCode: 202,
  durationMs: 40,
  createdAt: '2026-03-01T10:00:05.000Z',
  errorMessage: null,
  errorCode: null,
  taskId,
  answersTask: true,
  requestId: 'req-1',
  expiresAt: 0,
};
const failure = { code: 'start_out_of_range', message: 'Error: start (5 s) is at or beyond the end of the input (2.000 s).', param: 'start', hint: 'Choose a start inside the media.' };

describe('a log row as the portal shows it', () => {
  it("shows the metadata the request carried, and null when it carried none", () => {
    expect(toApiLogView({ ...accepted, metadata: { order_id: 'A1' } }).metadata).toEqual({ order_id: 'A1' });
    expect(toApiLogView(accepted).metadata).toBeNull();
    expect(toApiLogView({ ...accepted, metadata: {} }).metadata).toBeNull();
  });

  it('shows a job request as pending, with its task, until the task ends', () => {
    const view = toApiLogView(accepted);
    expect(view.task).toEqual({ id: taskId, status_url: `/task/${taskId}`, outcome: 'pending', ended_at: null, error: null });
    expect(view.error_message).toBeNull();
  });

  it('reads as a failure once its task failed: the task error is the row error, code apart', () => {
    const view = toApiLogView({ ...accepted, taskOutcome: { status: 'failed', error: failure, endedAt: '2026-03-01T10:00:07.000Z' } });
    expect(view.status_code).toBe(202);
    expect(view.task).toMatchObject({ outcome: 'failed', ended_at: '2026-03-01T10:00:07.000Z', error: failure });
    expect(view.error_message).toBe(`${failure.message}\nParameter: start\nCode: start_out_of_range\nHint: Choose a start inside the media.`);
    expect(view.error_code).toBe('start_out_of_range');
  });

  it('shows a completed task with no error', () => {
    const view = toApiLogView({ ...accepted, taskOutcome: { status: 'completed', error: null, endedAt: '2026-03-01T10:00:07.000Z' } });
    expect(view.task?.outcome).toBe('completed');
    expect([view.error_message, view.error_code]).toEqual([null, null]);
  });

  it("keeps the answer's own error first, and names no outcome for a request that only read a task", () => {
    const read = toApiLogView({ ...accepted, method: 'GET', endpoint: `/task/${taskId}`, statusCode: 200, answersTask: undefined });
    expect(read.task).toMatchObject({ id: taskId, outcome: null });
    const refused = toApiLogView({ ...accepted, statusCode: 400, taskId: null, answersTask: undefined, errorMessage: 'Error: file is required.\nParameter: file\nCode: invalid_request', errorCode: undefined });
    expect([refused.task, refused.error_code]).toEqual([null, 'invalid_request']);
  });
});

describe('the logs query', () => {
  const parse = (query: Record<string, string>) => toLogQuery(listApiLogsQuerySchema.parse(query));

  it('takes a request or task id as an exact id, any case, and other text as text', () => {
    expect(parse({ q: ` ${taskId.toUpperCase()} ` }).search).toEqual({ kind: 'id', id: taskId });
    expect(parse({ q: 'Cut' }).search).toEqual({ kind: 'text', text: 'Cut' });
    expect(parse({ q: '  ' }).search).toBeUndefined();
  });

  it('stores instants in the UTC form rows are kept in, so bounds compare as text', () => {
    expect(parse({ from: '2026-03-01T00:00:00+02:00', to: '2026-03-01T23:59:59.999+02:00' })).toMatchObject({ from: '2026-02-28T22:00:00.000Z', to: '2026-03-01T21:59:59.999Z' });
  });

  it('refuses a range that ends before it starts, and unknown status filters', () => {
    expect(listApiLogsQuerySchema.safeParse({ from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }).success).toBe(false);
    expect(listApiLogsQuerySchema.safeParse({ status: 'failed' }).success).toBe(false);
    expect(parse({})).toEqual({ limit: 50, status: 'all' });
  });
});

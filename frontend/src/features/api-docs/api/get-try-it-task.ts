import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { readAnswer, TryItNetworkError, type TryItAnswer } from './send-try-it-request';

/** The fields of a task the console reads; the rest is shown as it came. */
export const tryItTaskSchema = z
  .object({
    id: z.string(),
    status: z.enum(['queued', 'processing', 'completed', 'failed', 'canceled']),
    progress: z.number().nullable().optional(),
    output: z.object({ media_type: z.string().nullable().optional(), file_name: z.string().nullable().optional() }).loose().nullable().optional(),
  })
  .loose();
export type TryItTask = z.infer<typeof tryItTaskSchema>;

/** Until the API says how long to wait, the pace its docs ask for. */
const DEFAULT_WAIT_SECONDS = 2;

export async function getTryItTask(baseUrl: string, apiKey: string, id: string): Promise<{ answer: TryItAnswer; task: TryItTask }> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/task/${encodeURIComponent(id)}`, { headers: { 'X-API-Key': apiKey }, credentials: 'omit' });
  } catch (error) {
    throw new TryItNetworkError(error instanceof Error ? error.message : String(error));
  }
  const answer = await readAnswer(response);
  const task = tryItTaskSchema.safeParse(answer.body);
  if (!task.success) throw new Error(`HTTP ${answer.status}: the task could not be read`);
  return { answer, task: task.data };
}

const running = (task: TryItTask | undefined) => task !== undefined && (task.status === 'queued' || task.status === 'processing');

/** The task of a run, asked about again at the pace each answer's Retry-After sets, until it ends. */
export function useTryItTask(baseUrl: string, apiKey: string, id: string | undefined) {
  return useQuery({
    queryKey: ['try-it', 'task', id],
    queryFn: () => getTryItTask(baseUrl, apiKey, id ?? ''),
    enabled: id !== undefined,
    // The key is in the request, not the cache key: nothing keeps the answer once the console closes.
    gcTime: 0,
    staleTime: Infinity,
    refetchInterval: (query) => (running(query.state.data?.task) ? (query.state.data?.answer.retryAfter ?? DEFAULT_WAIT_SECONDS) * 1000 : false),
  });
}

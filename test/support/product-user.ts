import type { Tier } from '@frameforge/functions/kernel/contracts/plans';
import type { Endpoints } from '@frameforge/local-stack/stack';
import { confirmedUser } from './billing';
import { eventually } from './eventually';

/**
 * A new user, confirmed through the inbox, subscribed through the sandbox
 * checkout, with a fresh API key: what a customer has after onboarding.
 * Elite by default: its plan does not throttle a test's bursts.
 */
export async function signedUpUserWithKey(endpoints: Endpoints, tier: Tier = 'elite'): Promise<string> {
  const { client, token } = await confirmedUser(endpoints);
  await client.subscribe(token, tier);
  const { key, apiKey: record } = await client.createApiKey(token, 'integration');
  expect(record.masked_key).toBe(`${key.slice(0, 8)}…${key.slice(-4)}`);
  return key;
}

/** The multipart body of `POST /cut`. */
export function cutForm(fields: Record<string, string>, file?: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'video/mp4' }), 'input.mp4');
  return form;
}

/** Polls a task until it ends, as a client following `Retry-After` would (faster, to keep the suite short). */
export async function waitForTask(api: string, apiKey: string, statusUrl: string, timeoutMs: number): Promise<Record<string, unknown>> {
  return eventually(
    async () => {
      const task = (await (await fetch(`${api}${statusUrl}`, { headers: { 'X-API-Key': apiKey } })).json()) as Record<string, unknown>;
      // Thrown rather than undefined: the timeout then says which status the task was left in.
      if (!['completed', 'failed', 'canceled'].includes(String(task.status))) throw new Error(`task still ${String(task.status)}`);
      return task;
    },
    { timeoutMs, intervalMs: 250, what: `task ${statusUrl} to end` },
  );
}

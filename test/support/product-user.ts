import { LocalPortalClient } from '@frameforge/functions/local/portal-client';
import type { Endpoints } from '@frameforge/functions/local/stack';

/** A new user, signed up and confirmed through the inbox, with a fresh API key: what a customer has after onboarding. */
export async function signedUpUserWithKey(endpoints: Endpoints): Promise<string> {
  const client = await LocalPortalClient.connect(endpoints);
  const email = `it-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const since = Date.now() - 1000;
  await client.signUp(email, 'secret-pass');
  const landing = await client.confirmFromInbox(email, since);
  expect(landing).toBe(`${endpoints.portal}/login?verified=1`);
  const token = await client.signIn(email, 'secret-pass');
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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = (await (await fetch(`${api}${statusUrl}`, { headers: { 'X-API-Key': apiKey } })).json()) as Record<string, unknown>;
    if (['completed', 'failed', 'canceled'].includes(String(task.status))) return task;
    if (Date.now() > deadline) throw new Error(`task still ${String(task.status)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
